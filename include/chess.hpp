/*
 * libchess for C++17: RAII handles over the C ABI of chess.h, std::string
 * and std::vector results, and exceptions for errors.
 *
 * Header-only: include it and link libchess as for C. Every failure of the
 * C library becomes a chess::Error (a std::runtime_error) carrying the
 * ChessError code and the library's message, thrown at the call that
 * failed; where C answers "none" (a missing tag, a node without a clock),
 * the result is a std::optional. Handles are moved, not copied, except
 * Position and Game, whose copies are real copies (chess_*_clone).
 *
 *   chess::Game game;
 *   game.play_san("e4");                      // throws chess::Error if illegal
 *   std::string fen = game.position().fen();
 *   for (auto &[name, value] : game.tags()) ...
 *
 *   chess::PgnReader reader = chess::PgnReader::open("games.pgn");
 *   while (auto game = reader.next()) ...      // a bad game throws
 *                                              // CHESS_ERR_PARSE; read on after it
 *
 *   chess::Database db = chess::Database::open("games.pgn.zst");
 *   for (auto &row : db.explore(chess::Position()).moves) ...  // row.san, row.stats.games
 *
 * Licensed MIT OR Apache-2.0.
 */
#ifndef CHESS_HPP
#define CHESS_HPP

#include <chess.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace chess {

/// A failure of the library: its code and its message.
class Error : public std::runtime_error {
 public:
  Error(ChessError code, const std::string &message) : std::runtime_error(message), code_(code) {}
  /// The ChessError the C function returned (or implied).
  ChessError code() const noexcept { return code_; }

 private:
  ChessError code_;
};

namespace detail {

/// Throws the last error unless `code` is CHESS_OK.
inline void check(ChessError code) {
  if (code != CHESS_OK) {
    throw Error(code, chess_last_error());
  }
}

/// Throws the last error, with `code`, when a C function gave NULL.
template <typename T>
T *check_ptr(T *ptr, ChessError code) {
  if (ptr == nullptr) {
    throw Error(code, chess_last_error());
  }
  return ptr;
}

/// Calls an snprintf-style function twice: for the length, then to fill.
template <typename F>
std::string text(F &&fill) {
  std::string out(fill(nullptr, 0), '\0');
  fill(out.data(), out.size() + 1);
  return out;
}

/// Like `text`, for a function whose text is never empty (a FEN, a move,
/// a square): 0 is its failure, thrown with `code`.
template <typename F>
std::string checked_text(F &&fill, ChessError code = CHESS_ERR_INVALID_ARG) {
  size_t need = fill(nullptr, 0);
  if (need == 0) {
    throw Error(code, chess_last_error());
  }
  std::string out(need, '\0');
  fill(out.data(), out.size() + 1);
  return out;
}

template <typename T, void (*Free)(T *)>
struct Deleter {
  void operator()(T *ptr) const noexcept { Free(ptr); }
};

}  // namespace detail

/// A move's UCI text: e2e4, e7e8q.
inline std::string uci(ChessMove mv) {
  return detail::checked_text([&](char *buf, size_t cap) { return chess_move_to_uci(mv, buf, cap); });
}

/// The square named "e4" (0..63); throws for a name that is not a square.
inline uint8_t square(const std::string &name) {
  uint8_t sq = chess_square_from_name(name.c_str());
  if (sq == 0xFF) {
    throw Error(CHESS_ERR_PARSE, chess_last_error());
  }
  return sq;
}

/// The name of square 0..63: "e4".
inline std::string square_name(uint8_t square) {
  return detail::checked_text([&](char *buf, size_t cap) { return chess_square_name(square, buf, cap); });
}

/// A position someone else owns (a game's): every query, no ownership.
/// Valid as long as what it was taken from.
class PositionRef {
 public:
  explicit PositionRef(const ChessPosition *pos) : pos_(pos) {}

  const ChessPosition *get() const noexcept { return pos_; }
  std::string fen() const {
    return detail::checked_text([&](char *buf, size_t cap) { return chess_position_to_fen(pos_, buf, cap); });
  }
  ChessColor turn() const { return chess_position_turn(pos_); }
  /// The packed piece byte of a square: use CHESS_PIECE_KIND / _COLOR.
  uint8_t piece_at(uint8_t square) const { return chess_position_piece_at(pos_, square); }
  bool is_check() const { return chess_position_is_check(pos_); }
  ChessStatus status() const { return chess_position_status(pos_); }
  std::vector<ChessMove> legal_moves() const {
    std::vector<ChessMove> moves(CHESS_MAX_MOVES);
    moves.resize(chess_position_legal_moves(pos_, moves.data(), moves.size()));
    return moves;
  }
  bool is_legal(ChessMove mv) const { return chess_position_is_legal(pos_, mv); }
  ChessMove parse_san(const std::string &san) const {
    ChessMove mv{};
    detail::check(chess_position_parse_san(pos_, san.c_str(), &mv));
    return mv;
  }
  ChessMove parse_uci(const std::string &text) const {
    ChessMove mv{};
    detail::check(chess_position_parse_uci(pos_, text.c_str(), &mv));
    return mv;
  }
  /// The move in SAN; throws CHESS_ERR_ILLEGAL_MOVE for an illegal one.
  std::string san(ChessMove mv) const {
    return detail::checked_text(
        [&](char *buf, size_t cap) { return chess_position_move_to_san(pos_, mv, buf, cap); },
        CHESS_ERR_ILLEGAL_MOVE);
  }
  /// Why a move is illegal, in words; empty when it is legal.
  std::string why_illegal(ChessMove mv) const {
    return detail::text([&](char *buf, size_t cap) { return chess_position_why_illegal(pos_, mv, buf, cap); });
  }
  uint64_t zobrist() const { return chess_position_zobrist(pos_); }
  uint64_t perft(uint32_t depth) const { return chess_position_perft(pos_, depth); }
  std::string diagram(uint32_t flags = 0) const {
    return detail::text([&](char *buf, size_t cap) { return chess_position_diagram(pos_, flags, buf, cap); });
  }
  /// The squares of `color`'s pieces attacking `square`.
  std::vector<uint8_t> attackers(uint8_t square, ChessColor color) const {
    std::vector<uint8_t> out(64);
    out.resize(chess_position_attackers(pos_, square, color, out.data(), out.size()));
    return out;
  }
  std::vector<uint8_t> checkers() const {
    std::vector<uint8_t> out(64);
    out.resize(chess_position_checkers(pos_, out.data(), out.size()));
    return out;
  }
  std::vector<uint8_t> pinned() const {
    std::vector<uint8_t> out(64);
    out.resize(chess_position_pinned(pos_, out.data(), out.size()));
    return out;
  }

 protected:
  const ChessPosition *pos_;
};

/// A position of your own: the standard start, or from a FEN.
class Position : public PositionRef {
 public:
  Position() : PositionRef(nullptr), owned_(detail::check_ptr(chess_position_new(), CHESS_ERR_INTERNAL)) {
    pos_ = owned_.get();
  }
  /// Throws CHESS_ERR_INVALID_FEN with every problem named.
  explicit Position(const std::string &fen)
      : PositionRef(nullptr),
        owned_(detail::check_ptr(chess_position_from_fen(fen.c_str()), CHESS_ERR_INVALID_FEN)) {
    pos_ = owned_.get();
  }
  /// A copy of any position (a game's too).
  explicit Position(const PositionRef &other)
      : PositionRef(nullptr), owned_(detail::check_ptr(chess_position_clone(other.get()), CHESS_ERR_NULL)) {
    pos_ = owned_.get();
  }
  Position(const Position &other) : Position(static_cast<const PositionRef &>(other)) {}
  Position(Position &&other) noexcept = default;
  Position &operator=(Position other) noexcept {
    std::swap(owned_, other.owned_);
    pos_ = owned_.get();
    return *this;
  }

  ChessPosition *get() noexcept { return owned_.get(); }
  /// Plays a legal move; throws CHESS_ERR_ILLEGAL_MOVE (with the reason).
  void play(ChessMove mv) { detail::check(chess_position_play(owned_.get(), mv)); }

 private:
  std::unique_ptr<ChessPosition, detail::Deleter<ChessPosition, chess_position_free>> owned_;
};

/// A warning of the PGN reader: what it repaired, and where.
struct Warning {
  size_t line;
  size_t column;
  std::string message;
};

/// A game: a start position, the moves (main line and variations), tags,
/// comments, NAGs and a result.
class Game {
 public:
  Game() : game_(detail::check_ptr(chess_game_new(), CHESS_ERR_INTERNAL)) {}
  explicit Game(ChessGame *owned) : game_(owned) {}
  Game(const Game &other) : game_(detail::check_ptr(chess_game_clone(other.get()), CHESS_ERR_NULL)) {}
  Game(Game &&) noexcept = default;
  Game &operator=(Game other) noexcept {
    std::swap(game_, other.game_);
    return *this;
  }

  static Game from_fen(const std::string &fen) {
    return Game(detail::check_ptr(chess_game_from_fen(fen.c_str()), CHESS_ERR_INVALID_FEN));
  }
  static Game from_position(const PositionRef &pos) {
    return Game(detail::check_ptr(chess_game_from_position(pos.get()), CHESS_ERR_NULL));
  }
  /// The first game of a PGN text; throws CHESS_ERR_PARSE with the place.
  static Game from_pgn(const std::string &pgn) {
    return Game(detail::check_ptr(chess_game_from_pgn(pgn.c_str()), CHESS_ERR_PARSE));
  }
  static Game load(const std::string &path) {
    return Game(detail::check_ptr(chess_game_load(path.c_str()), CHESS_ERR_IO));
  }

  ChessGame *get() const noexcept { return game_.get(); }

  PositionRef position() const { return PositionRef(chess_game_position(get())); }
  PositionRef start_position() const { return PositionRef(chess_game_start_position(get())); }
  size_t move_count() const { return chess_game_move_count(get()); }
  ChessMove move_at(size_t index) const {
    ChessMove mv{};
    detail::check(chess_game_move_at(get(), index, &mv));
    return mv;
  }
  std::string san_at(size_t index) const {
    return detail::checked_text([&](char *buf, size_t cap) { return chess_game_san_at(get(), index, buf, cap); });
  }

  void play(ChessMove mv) { detail::check(chess_game_play(get(), mv)); }
  void play_san(const std::string &san) { detail::check(chess_game_play_san(get(), san.c_str())); }
  void play_uci(const std::string &text) { detail::check(chess_game_play_uci(get(), text.c_str())); }
  void undo() { detail::check(chess_game_undo(get())); }
  void resign(ChessColor color) { detail::check(chess_game_resign(get(), color)); }
  void agree_draw() { detail::check(chess_game_agree_draw(get())); }
  bool can_claim_draw() const { return chess_game_can_claim_draw(get()); }
  void claim_draw() { detail::check(chess_game_claim_draw(get())); }
  ChessOutcome outcome() const { return chess_game_outcome(get()); }
  /// "Checkmate — White wins 1-0"; empty while the game goes on.
  std::string outcome_text() const {
    return detail::text([&](char *buf, size_t cap) { return chess_game_outcome_text(get(), buf, cap); });
  }

  /// The value of a tag, if it is set.
  std::optional<std::string> tag(const std::string &name) const {
    // A tag is never empty (an empty value removes it): 0 is "not set".
    size_t need = chess_game_tag(get(), name.c_str(), nullptr, 0);
    if (need == 0) {
      return std::nullopt;
    }
    std::string out(need, '\0');
    chess_game_tag(get(), name.c_str(), out.data(), out.size() + 1);
    return out;
  }
  void set_tag(const std::string &name, const std::string &value) {
    detail::check(chess_game_set_tag(get(), name.c_str(), value.c_str()));
  }
  /// Every tag, in order.
  std::vector<std::pair<std::string, std::string>> tags() const {
    std::vector<std::pair<std::string, std::string>> out;
    size_t count = chess_game_tag_count(get());
    for (size_t i = 0; i < count; ++i) {
      out.emplace_back(
          detail::text([&](char *buf, size_t cap) { return chess_game_tag_name_at(get(), i, buf, cap); }),
          detail::text([&](char *buf, size_t cap) { return chess_game_tag_value_at(get(), i, buf, cap); }));
    }
    return out;
  }
  /// What the PGN reader repaired to read this game.
  std::vector<Warning> warnings() const {
    std::vector<Warning> out;
    size_t count = chess_game_warning_count(get());
    for (size_t i = 0; i < count; ++i) {
      Warning w{0, 0, {}};
      w.message = detail::text(
          [&](char *buf, size_t cap) { return chess_game_warning_at(get(), i, &w.line, &w.column, buf, cap); });
      out.push_back(std::move(w));
    }
    return out;
  }
  std::string pgn() const {
    return detail::text([&](char *buf, size_t cap) { return chess_game_to_pgn(get(), buf, cap); });
  }
  void save(const std::string &path) const { detail::check(chess_game_save(get(), path.c_str())); }

  // --- the move tree: nodes are ChessNode numbers, 0 the start ---

  static constexpr ChessNode root() noexcept { return 0; }
  ChessNode current_node() const { return chess_game_current_node(get()); }
  void go_to(ChessNode node) { detail::check(chess_game_go_to(get(), node)); }
  /// CHESS_NO_NODE for the root.
  ChessNode parent(ChessNode node) const { return chess_game_node_parent(get(), node); }
  /// The main continuation first, then the variations.
  std::vector<ChessNode> children(ChessNode node) const {
    std::vector<ChessNode> out;
    size_t count = chess_game_node_child_count(get(), node);
    for (size_t i = 0; i < count; ++i) {
      out.push_back(chess_game_node_child(get(), node, i));
    }
    return out;
  }
  ChessMove node_move(ChessNode node) const {
    ChessMove mv{};
    detail::check(chess_game_node_move(get(), node, &mv));
    return mv;
  }
  std::string node_san(ChessNode node) const {
    return detail::checked_text([&](char *buf, size_t cap) { return chess_game_node_san(get(), node, buf, cap); });
  }
  size_t node_ply(ChessNode node) const { return chess_game_node_ply(get(), node); }
  PositionRef node_position(ChessNode node) const {
    return PositionRef(detail::check_ptr(chess_game_node_position(get(), node), CHESS_ERR_INVALID_ARG));
  }
  std::string node_comment(ChessNode node) const {
    return detail::text([&](char *buf, size_t cap) { return chess_game_node_comment(get(), node, buf, cap); });
  }
  void set_node_comment(ChessNode node, const std::string &text) {
    detail::check(chess_game_node_set_comment(get(), node, text.c_str()));
  }
  /// The `[%clk]` time left after the move, in milliseconds, if recorded.
  std::optional<uint64_t> node_clock(ChessNode node) const {
    uint64_t ms = 0;
    if (!chess_game_node_clock(get(), node, &ms)) {
      return std::nullopt;
    }
    return ms;
  }
  std::vector<uint8_t> node_nags(ChessNode node) const {
    std::vector<uint8_t> out(chess_game_node_nags(get(), node, nullptr, 0));
    chess_game_node_nags(get(), node, out.data(), out.size());
    return out;
  }
  void add_nag(ChessNode node, uint8_t nag) { detail::check(chess_game_node_add_nag(get(), node, nag)); }
  /// Adds a move after `node` (a variation if it has a continuation).
  ChessNode add_move(ChessNode node, ChessMove mv) {
    ChessNode out = CHESS_NO_NODE;
    detail::check(chess_game_node_add_move(get(), node, mv, &out));
    return out;
  }
  void delete_node(ChessNode node) { detail::check(chess_game_node_delete(get(), node)); }
  void promote(ChessNode node) { detail::check(chess_game_node_promote(get(), node)); }

 private:
  std::unique_ptr<ChessGame, detail::Deleter<ChessGame, chess_game_free>> game_;
};

/// Reads PGN games one at a time from a file or a string.
class PgnReader {
 public:
  /// Throws CHESS_ERR_IO when the file cannot be opened.
  static PgnReader open(const std::string &path) {
    return PgnReader(detail::check_ptr(chess_pgn_reader_open(path.c_str()), CHESS_ERR_IO));
  }
  static PgnReader from_string(const std::string &text) {
    return PgnReader(detail::check_ptr(chess_pgn_reader_from_string(text.c_str()), CHESS_ERR_INVALID_ARG));
  }

  /// The next game, or nothing at the end. A game that cannot be read
  /// throws CHESS_ERR_PARSE (its number, line and column in the message),
  /// and the next call goes on after it; CHESS_ERR_IO ends the reading.
  std::optional<Game> next() {
    ChessGame *raw = nullptr;
    int status = chess_pgn_reader_next(reader_.get(), &raw);
    if (status < 0) {
      throw Error(static_cast<ChessError>(status), chess_last_error());
    }
    if (status == 0) {
      return std::nullopt;
    }
    return Game(raw);
  }

 private:
  explicit PgnReader(ChessPgnReader *reader) : reader_(reader) {}
  std::unique_ptr<ChessPgnReader, detail::Deleter<ChessPgnReader, chess_pgn_reader_free>> reader_;
};

/// The built-in engine with its own hash table.
class Engine {
 public:
  explicit Engine(uint32_t hash_mb = 16) : engine_(detail::check_ptr(chess_engine_new(hash_mb), CHESS_ERR_INVALID_ARG)) {}

  /// Searches within `limits`, calling `on_info` (any callable taking a
  /// const ChessSearchInfo &) after each depth and line; returns the best
  /// line. `on_info` must not throw.
  template <typename F>
  ChessSearchInfo search(const PositionRef &pos, const ChessSearchLimits &limits, F &&on_info) {
    using Fn = std::remove_reference_t<F>;
    ChessSearchInfo best{};
    auto trampoline = [](const ChessSearchInfo *info, void *user) { (*static_cast<Fn *>(user))(*info); };
    void *user = const_cast<void *>(static_cast<const void *>(std::addressof(on_info)));
    detail::check(chess_engine_search(engine_.get(), pos.get(), &limits, trampoline, user, &best));
    return best;
  }
  ChessSearchInfo search(const PositionRef &pos, const ChessSearchLimits &limits) {
    ChessSearchInfo best{};
    detail::check(chess_engine_search(engine_.get(), pos.get(), &limits, nullptr, nullptr, &best));
    return best;
  }
  /// Searches the position at the end of `game`, seeing its earlier
  /// positions (repetitions), as `search` does otherwise.
  template <typename F>
  ChessSearchInfo search(const Game &game, const ChessSearchLimits &limits, F &&on_info) {
    using Fn = std::remove_reference_t<F>;
    ChessSearchInfo best{};
    auto trampoline = [](const ChessSearchInfo *info, void *user) { (*static_cast<Fn *>(user))(*info); };
    void *user = const_cast<void *>(static_cast<const void *>(std::addressof(on_info)));
    detail::check(chess_engine_search_game(engine_.get(), game.get(), &limits, trampoline, user, &best));
    return best;
  }
  ChessSearchInfo search(const Game &game, const ChessSearchLimits &limits) {
    ChessSearchInfo best{};
    detail::check(chess_engine_search_game(engine_.get(), game.get(), &limits, nullptr, nullptr, &best));
    return best;
  }
  /// Searches on `threads` threads (Lazy SMP, sharing the hash table).
  void set_threads(uint32_t threads) { detail::check(chess_engine_set_threads(engine_.get(), threads)); }
  /// Stops a running search: from any thread, or from the callback.
  void stop() const noexcept { chess_engine_stop(engine_.get()); }
  void new_game() { detail::check(chess_engine_new_game(engine_.get())); }
  ChessEngine *get() const noexcept { return engine_.get(); }

 private:
  std::unique_ptr<ChessEngine, detail::Deleter<ChessEngine, chess_engine_free>> engine_;
};

/// Header filters for a collection's searches, set by the names of the
/// chess-db program's options: player, white, black, event, site, min-elo,
/// max-elo, from, to, result, eco, min-moves, max-moves, time-control.
class DbFilter {
 public:
  DbFilter() : filter_(detail::check_ptr(chess_db_filter_new(), CHESS_ERR_INTERNAL)) {}
  /// Throws CHESS_ERR_INVALID_ARG for a name it does not know or a value
  /// it cannot read (the message says how to write it).
  DbFilter &set(const std::string &key, const std::string &value) {
    detail::check(chess_db_filter_set(filter_.get(), key.c_str(), value.c_str()));
    return *this;
  }
  const ChessDbFilter *get() const noexcept { return filter_.get(); }

 private:
  std::unique_ptr<ChessDbFilter, detail::Deleter<ChessDbFilter, chess_db_filter_free>> filter_;
};

/// An opening explorer's table: the moves played from a position, most
/// played first, and the best-rated games that reached it.
struct DbExplorer {
  struct Move {
    ChessDbMoveStats stats;  ///< the move and its figures
    std::string san;
  };
  struct TopGame {
    ChessDbTopGame game;
    std::string white;
    std::string black;
  };
  uint64_t games = 0, white = 0, draws = 0, black = 0;
  std::vector<Move> moves;
  std::vector<TopGame> top;
};

/// A PGN file (plain or compressed) with its index: searched by position,
/// material and header, explored move by move.
class Database {
 public:
  /// Opens `pgn` (a PGN file, or a folder of them as one collection) and
  /// returns when its index is complete (built, extended or used as it
  /// is). `index` empty: the user's cache directory.
  /// `on_progress` (any callable taking a const ChessDbProgress &, which
  /// must not throw) is called while it builds. Throws CHESS_ERR_IO when
  /// the file cannot be read.
  template <typename F>
  static Database open(const std::string &pgn, const std::string &index, F &&on_progress) {
    using Fn = std::remove_reference_t<F>;
    auto trampoline = [](const ChessDbProgress *p, void *user) { (*static_cast<Fn *>(user))(*p); };
    void *user = const_cast<void *>(static_cast<const void *>(std::addressof(on_progress)));
    return Database(detail::check_ptr(
        chess_db_open(pgn.c_str(), index.empty() ? nullptr : index.c_str(), trampoline, user, nullptr), CHESS_ERR_IO));
  }
  static Database open(const std::string &pgn, const std::string &index = "") {
    return Database(detail::check_ptr(
        chess_db_open(pgn.c_str(), index.empty() ? nullptr : index.c_str(), nullptr, nullptr, nullptr), CHESS_ERR_IO));
  }

  uint64_t game_count() const { return chess_db_game_count(db_.get()); }
  uint64_t unreadable_count() const { return chess_db_unreadable_count(db_.get()); }

  /// The games reaching `pos` (within `max_ply` plies when 0 or more), in
  /// file order, each with the first ply where it does.
  std::vector<ChessDbMatch> search_position(const PositionRef &pos, int32_t max_ply = -1,
                                            const DbFilter *filter = nullptr) const {
    return take(chess_db_search_position(db_.get(), pos.get(), max_ply, filter ? filter->get() : nullptr),
                CHESS_ERR_INVALID_ARG);
  }
  /// The games where `material` (KRPkr) stands for `min_plies` plies.
  std::vector<ChessDbMatch> search_material(const std::string &material, uint32_t min_plies = 1,
                                            const DbFilter *filter = nullptr) const {
    return take(chess_db_search_material(db_.get(), material.c_str(), min_plies, filter ? filter->get() : nullptr),
                CHESS_ERR_PARSE);
  }
  /// The games the filter lets through.
  std::vector<ChessDbMatch> filter(const DbFilter &filter) const {
    return take(chess_db_filter(db_.get(), filter.get()), CHESS_ERR_INVALID_ARG);
  }
  DbExplorer explore(const PositionRef &pos, const DbFilter *filter = nullptr) const {
    std::unique_ptr<ChessDbExplorer, detail::Deleter<ChessDbExplorer, chess_db_explorer_free>> ex(
        detail::check_ptr(chess_db_explore(db_.get(), pos.get(), filter ? filter->get() : nullptr), CHESS_ERR_IO));
    DbExplorer out;
    out.games = chess_db_explorer_games(ex.get(), &out.white, &out.draws, &out.black);
    for (size_t i = 0, n = chess_db_explorer_move_count(ex.get()); i < n; i++) {
      DbExplorer::Move row{};
      detail::check(chess_db_explorer_move(ex.get(), i, &row.stats));
      row.san = detail::text([&](char *buf, size_t cap) { return chess_db_explorer_move_san(ex.get(), i, buf, cap); });
      out.moves.push_back(row);
    }
    for (size_t i = 0, n = chess_db_explorer_top_count(ex.get()); i < n; i++) {
      DbExplorer::TopGame top{};
      detail::check(chess_db_explorer_top(ex.get(), i, &top.game));
      top.white = detail::text([&](char *buf, size_t cap) { return chess_db_explorer_top_white(ex.get(), i, buf, cap); });
      top.black = detail::text([&](char *buf, size_t cap) { return chess_db_explorer_top_black(ex.get(), i, buf, cap); });
      out.top.push_back(top);
    }
    return out;
  }
  /// Game `number` (from 1), read; throws chess::Error for a number out
  /// of range or a game that cannot be read (the message says which).
  Game read_game(uint64_t number) const {
    return Game(detail::check_ptr(chess_db_read_game(db_.get(), number), CHESS_ERR_INVALID_ARG));
  }
  /// Game `number`'s text as the file has it.
  std::string game_text(uint64_t number) const {
    return detail::checked_text([&](char *buf, size_t cap) { return chess_db_game_text(db_.get(), number, buf, cap); });
  }
  /// The file game `number` is in (a folder's collection has several),
  /// and its number there in `number_in_file` when given.
  std::string game_file(uint64_t number, uint64_t *number_in_file = nullptr) const {
    return detail::checked_text(
        [&](char *buf, size_t cap) { return chess_db_game_file(db_.get(), number, number_in_file, buf, cap); });
  }
  const ChessDb *get() const noexcept { return db_.get(); }

 private:
  explicit Database(ChessDb *db) : db_(db) {}
  static std::vector<ChessDbMatch> take(ChessDbGames *games, ChessError code) {
    std::unique_ptr<ChessDbGames, detail::Deleter<ChessDbGames, chess_db_games_free>> owned(
        detail::check_ptr(games, code));
    std::vector<ChessDbMatch> out(chess_db_games_count(owned.get()));
    for (size_t i = 0; i < out.size(); i++) detail::check(chess_db_games_at(owned.get(), i, &out[i]));
    return out;
  }
  std::unique_ptr<ChessDb, detail::Deleter<ChessDb, chess_db_free>> db_;
};

}  // namespace chess

#endif  // CHESS_HPP
