// pgn_stats: read a PGN file with libchess from C++17 and print each game's
// result and the totals. A game that cannot be read is reported with its
// number, line and column, and reading goes on.
//
//   pgn_stats FILE.pgn
//   pgn_stats --check FILE.pgn
//
// With --check it prints, like a compiler, one line for every problem of
// the file: what the reader repaired to read a game (warnings) and the
// games it could not read (errors), as FILE:LINE:COLUMN: kind: message;
// the exit status is 1 when there is an error.
//
// Small RAII wrappers own the library's handles, so nothing leaks on any
// path out of a scope.
#include <chess.h>

#include <cstdio>
#include <cstring>
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

// --check: every warning and error of the file, one a line.
int check(const char *path, chess::Reader &reader) {
  size_t warnings = 0, errors = 0;
  for (;;) {
    ChessGame *raw = nullptr;
    int status = chess_pgn_reader_next(reader.get(), &raw);
    if (status == 0) {
      break;
    }
    if (status < 0) {
      // "game 3, line 21, column 13: illegal move ...": the place first.
      const char *message = chess_last_error();
      size_t game = 0, line = 0, column = 0;
      int used = 0;
      if (std::sscanf(message, "game %zu, line %zu, column %zu: %n", &game, &line, &column, &used) == 3 && used > 0) {
        std::printf("%s:%zu:%zu: error: %s (game %zu)\n", path, line, column, message + used, game);
      } else {
        std::printf("%s: error: %s\n", path, message);
      }
      ++errors;
      if (status != CHESS_ERR_PARSE) {
        break;  // the file itself cannot be read on
      }
      continue;
    }
    chess::Game game(raw);
    size_t count = chess_game_warning_count(game.get());
    for (size_t i = 0; i < count; ++i) {
      size_t line = 0, column = 0;
      std::string text = chess::text_of(
          [&](char *buf, size_t cap) { return chess_game_warning_at(game.get(), i, &line, &column, buf, cap); });
      std::printf("%s:%zu:%zu: warning: %s\n", path, line, column, text.c_str());
    }
    warnings += count;
  }
  std::fprintf(stderr, "%zu warning(s), %zu error(s)\n", warnings, errors);
  return errors > 0 ? 1 : 0;
}

}  // namespace chess

int main(int argc, char **argv) {
  bool check = argc == 3 && std::strcmp(argv[1], "--check") == 0;
  if (argc != 2 && !check) {
    std::fprintf(stderr, "usage: pgn_stats [--check] FILE.pgn\n");
    return 2;
  }
  const char *path = argv[argc - 1];
  chess::Reader reader(chess_pgn_reader_open(path));
  if (!reader) {
    std::fprintf(stderr, "%s\n", chess_last_error());
    return 1;
  }
  if (check) {
    return chess::check(path, reader);
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
