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
// chess.hpp owns the library's handles (RAII) and turns failures into
// chess::Error exceptions, so nothing leaks on any path out of a scope.
#include <chess.hpp>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>

namespace {

std::string tag_or_unknown(const chess::Game &game, const char *name) {
  return game.tag(name).value_or("?");
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

// An error as a compiler writes it: "FILE:LINE:COLUMN: error: ... (game N)".
void print_error(const char *path, const chess::Error &e) {
  // "game 3, line 21, column 13: illegal move ...": the place first.
  size_t game = 0, line = 0, column = 0;
  int used = 0;
  if (std::sscanf(e.what(), "game %zu, line %zu, column %zu: %n", &game, &line, &column, &used) == 3 && used > 0) {
    std::printf("%s:%zu:%zu: error: %s (game %zu)\n", path, line, column, e.what() + used, game);
  } else {
    std::printf("%s: error: %s\n", path, e.what());
  }
}

// Reads every game, calling `on_game` for each and `on_error` for each
// that cannot be read. Returns false when the file itself could not be
// read on (an I/O error), true otherwise.
template <typename OnGame, typename OnError>
bool each_game(chess::PgnReader &reader, OnGame &&on_game, OnError &&on_error) {
  for (;;) {
    try {
      std::optional<chess::Game> game = reader.next();
      if (!game) {
        return true;
      }
      on_game(*game);
    } catch (const chess::Error &e) {
      on_error(e);
      if (e.code() != CHESS_ERR_PARSE) {
        return false;  // the file itself: cannot read on
      }
    }
  }
}

// --check: every warning and error of the file, one a line.
int check(const char *path, chess::PgnReader &reader) {
  size_t warnings = 0, errors = 0;
  each_game(
      reader,
      [&](const chess::Game &game) {
        for (const chess::Warning &w : game.warnings()) {
          std::printf("%s:%zu:%zu: warning: %s\n", path, w.line, w.column, w.message.c_str());
          ++warnings;
        }
      },
      [&](const chess::Error &e) {
        print_error(path, e);
        ++errors;
      });
  std::fprintf(stderr, "%zu warning(s), %zu error(s)\n", warnings, errors);
  return errors > 0 ? 1 : 0;
}

}  // namespace

int main(int argc, char **argv) {
  bool checking = argc == 3 && std::strcmp(argv[1], "--check") == 0;
  if (argc != 2 && !checking) {
    std::fprintf(stderr, "usage: pgn_stats [--check] FILE.pgn\n");
    return 2;
  }
  const char *path = argv[argc - 1];
  try {
    chess::PgnReader reader = chess::PgnReader::open(path);
    if (checking) {
      return check(path, reader);
    }
    std::map<std::string, int> results;
    size_t games = 0, plies = 0, errors = 0;
    bool whole = each_game(
        reader,
        [&](const chess::Game &game) {
          ++games;
          size_t moves = game.move_count();
          plies += moves;
          const char *result = result_of(game.outcome());
          ++results[result];
          std::printf("game %zu: %s - %s, %zu plies, %s\n", games, tag_or_unknown(game, "White").c_str(),
                      tag_or_unknown(game, "Black").c_str(), moves, result);
        },
        [&](const chess::Error &e) {
          ++errors;
          std::printf("error: %s\n", e.what());
        });
    std::printf("games %zu, plies %zu, errors %zu\n", games, plies, errors);
    for (const auto &[result, count] : results) {
      std::printf("  %-8s %d\n", result.c_str(), count);
    }
    // Bad games are reported above; only a file that cannot be read fails.
    return whole ? 0 : 1;
  } catch (const chess::Error &e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
