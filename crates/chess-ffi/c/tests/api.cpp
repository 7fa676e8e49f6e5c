// chess.hpp from C++17: RAII handles, std::string results, exceptions.
// Built and run (also under valgrind) like crates/chess-ffi/c/tests/api.c; exits 0 when
// every check passes.
#include <chess.hpp>

#include <cstdio>
#include <string>
#include <vector>

static int failures = 0;

#define CHECK(cond)                                                          \
  do {                                                                       \
    if (!(cond)) {                                                           \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      failures++;                                                            \
    }                                                                        \
  } while (0)

// Runs `f`, which must throw chess::Error with `code`; returns the message.
template <typename F>
static std::string throws(ChessError code, F &&f) {
  try {
    f();
  } catch (const chess::Error &e) {
    CHECK(e.code() == code);
    return e.what();
  }
  CHECK(!"no exception");
  return "";
}

int main() {
  // Positions: values that copy for real.
  chess::Position start;
  chess::Position copy = start;
  copy.play(copy.parse_san("e4"));
  CHECK(start.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(copy.turn() == CHESS_BLACK);
  CHECK(start.legal_moves().size() == 20);
  CHECK(CHESS_PIECE_KIND(start.piece_at(chess::square("e1"))) == CHESS_KING);
  CHECK(chess::square_name(28) == "e4");
  CHECK(chess::uci(copy.parse_uci("e7e5")) == "e7e5");
  std::string why = throws(CHESS_ERR_INVALID_FEN, [] { chess::Position bad("8/8/8/8/8/8/8/8 w - - 0 1"); });
  CHECK(why.find("king") != std::string::npos);
  throws(CHESS_ERR_ILLEGAL_MOVE, [&] { start.san(ChessMove{12, 36, CHESS_NO_PIECE, 0}); });
  throws(CHESS_ERR_PARSE, [] { chess::square("z9"); });

  // Games, tags and the tree.
  chess::Game game = chess::Game::from_pgn(
      "[Event \"C++\"]\n[White \"Ann\"]\n\n1. e4 { [%clk 0:01:00] } ( 1. d4 $1 ) 1... c5 2. Nf3 *\n");
  CHECK(game.tag("White").value_or("") == "Ann");
  CHECK(!game.tag("Nope"));
  bool seen_event = false;
  for (auto &[name, value] : game.tags()) seen_event |= name == "Event" && value == "C++";
  CHECK(seen_event);
  std::vector<ChessNode> first = game.children(chess::Game::root());
  CHECK(first.size() == 2);
  CHECK(game.node_san(first[1]) == "d4");
  CHECK(game.node_nags(first[1]) == std::vector<uint8_t>{1});
  CHECK(game.node_clock(first[0]).value_or(0) == 60000);
  CHECK(!game.node_clock(first[1]));
  CHECK(game.node_position(first[1]).turn() == CHESS_BLACK);
  chess::Game other = game;  // a real copy
  other.play_san("Nc6");
  CHECK(game.move_count() == 3 && other.move_count() == 4);
  throws(CHESS_ERR_ILLEGAL_MOVE, [&] { game.play_san("Ke3"); });
  CHECK(game.move_count() == 3);
  ChessNode e6 = game.add_move(first[0], game.node_position(first[0]).parse_san("e6"));
  game.set_node_comment(e6, "French");
  CHECK(game.pgn().find("{French}") != std::string::npos);
  throws(CHESS_ERR_PARSE, [] { chess::Game::from_pgn("1. e4 e5 2. Ke3 *"); });

  // The PGN reader: a bad game throws, and reading goes on.
  chess::PgnReader reader = chess::PgnReader::from_string(
      "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. Ke2 *\n\n[Event \"c\"]\n\n1. d4 *\n");
  int games = 0, errors = 0;
  for (;;) {
    try {
      auto g = reader.next();
      if (!g) break;
      games++;
    } catch (const chess::Error &e) {
      CHECK(e.code() == CHESS_ERR_PARSE);
      errors++;
    }
  }
  CHECK(games == 2 && errors == 1);

  // The engine with a lambda that sees every depth.
  chess::Engine engine(8);
  ChessSearchLimits limits{};
  limits.depth = 3;
  unsigned deepest = 0;
  ChessSearchInfo best = engine.search(start, limits, [&](const ChessSearchInfo &info) {
    if (info.depth > deepest) deepest = info.depth;
  });
  CHECK(deepest == 3);
  CHECK(best.pv_length > 0 && start.is_legal(best.pv[0]));
  // A game's search sees its repetitions: a rook down, Black takes the
  // third repetition (a draw, score 0).
  chess::Game shuffle = chess::Game::from_fen("7k/8/8/8/8/8/8/1R4K1 w - - 0 1");
  for (const char *san : {"Rb2", "Kg8", "Rb1", "Kh8", "Rb2", "Kg8", "Rb1"}) shuffle.play_san(san);
  limits.depth = 6;
  ChessSearchInfo drawn = engine.search(shuffle, limits);
  CHECK(drawn.score_cp == 0 && drawn.mate == 0);
  engine.set_threads(2);
  CHECK(start.is_legal(engine.search(start, limits).pv[0]));
  throws(CHESS_ERR_INVALID_ARG, [&] { engine.set_threads(0); });
  throws(CHESS_ERR_INVALID_ARG, [] { chess::Engine too_big(1u << 30); });

  // Collections: a file, its index, searches and the explorer.
  {
    const char *pgn = "api_test_cpp_games.pgn", *index = "api_test_cpp_games.sqlite";
    std::FILE *f = std::fopen(pgn, "wb");
    std::fputs("[White \"Ann\"]\n[Black \"Bob\"]\n[Date \"2020.01.02\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n"
               "[White \"Bob\"]\n[Black \"Cid\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n"
               "[White \"Ann\"]\n[Black \"Cid\"]\n[Result \"1/2-1/2\"]\n\n1. e4 c5 1/2-1/2\n",
               f);
    std::fclose(f);
    std::remove(index);
    int calls = 0;
    chess::Database db = chess::Database::open(pgn, index, [&](const ChessDbProgress &) { calls++; });
    CHECK(calls >= 1);
    CHECK(db.game_count() == 3);
    chess::Position start;
    chess::DbExplorer ex = db.explore(start);
    CHECK(ex.games == 3 && ex.white == 1 && ex.draws == 1 && ex.black == 1);
    CHECK(ex.moves.size() == 2 && ex.moves[0].san == "e4" && ex.moves[0].stats.games == 2);
    chess::Position after = start;
    after.play(after.parse_san("e4"));
    std::vector<ChessDbMatch> found = db.search_position(after);
    CHECK(found.size() == 2 && found[1].game == 3 && found[1].ply == 1);
    chess::DbFilter ann;
    ann.set("white", "ann").set("result", "1-0");
    CHECK(db.filter(ann).size() == 1);
    CHECK(db.search_position(after, -1, &ann).size() == 1);
    throws(CHESS_ERR_INVALID_ARG, [&] { ann.set("eco", "Z99"); });
    throws(CHESS_ERR_PARSE, [&] { db.search_material("KQX"); });
    CHECK(db.search_material("KQRRBBNNPPPPPPPPkqrrbbnnpppppppp").size() == 3);
    CHECK(db.read_game(2).tag("White").value_or("") == "Bob");
    CHECK(db.game_text(3).find("1. e4 c5") != std::string::npos);
    uint64_t in_file = 0;
    CHECK(db.game_file(3, &in_file).find(pgn) != std::string::npos && in_file == 3);
    throws(CHESS_ERR_INVALID_ARG, [&] { db.game_file(4); });
    std::string why = throws(CHESS_ERR_INVALID_ARG, [&] { db.read_game(4); });
    CHECK(why.find("1 to 3") != std::string::npos);
    throws(CHESS_ERR_IO, [] { chess::Database::open("/no/such.pgn", "x.sqlite"); });
    std::remove(pgn);
    std::remove(index);
  }

  if (failures) {
    std::fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  std::printf("all checks passed\n");
  return 0;
}
