/*
 * play: a game on the terminal with libchess.
 *
 * Reads one move per line from standard input, in SAN (Nf3, O-O, e8=Q) or
 * UCI (g1f3, e1g1, e7e8q); "undo" takes back a move, "resign" ends the game,
 * "attacks e4" says which pieces of each side attack a square. After each
 * move it prints the board and the status (who gives check, which pieces
 * are pinned); an illegal move is refused with the library's reason. At the
 * end it prints the game as PGN.
 *
 * With "--computer LEVEL" (1 to 10), libchess's engine plays Black and
 * answers each move after thinking at most a third of a second, searching
 * LEVEL plies deep (10: as deep as the time allows); while it thinks it
 * prints each depth's score and best line. "undo" then takes back its reply
 * and your move. With "--book FILE.bin" (a Polyglot book) it plays its
 * first moves from the book, drawn by weight, and names the opening.
 */
#include <chess.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* " in check from e2", or nothing: the squares a query gives, by name. */
static void print_squares(const ChessPosition *pos, const char *label,
                          size_t (*query)(const ChessPosition *, uint8_t *, size_t)) {
  uint8_t squares[64];
  size_t count = query(pos, squares, sizeof squares);
  if (count == 0) {
    return;
  }
  printf("%s", label);
  for (size_t i = 0; i < count; i++) {
    char name[3];
    chess_square_name(squares[i], name, sizeof name);
    printf(" %s", name);
  }
}

static void print_board(const ChessGame *game) {
  const ChessPosition *pos = chess_game_position(game);
  char diagram[512];
  chess_position_diagram(pos, 0, diagram, sizeof diagram);
  fputs(diagram, stdout);

  char outcome[128];
  if (chess_game_outcome_text(game, outcome, sizeof outcome) > 0) {
    printf("%s\n", outcome);
    return;
  }
  printf("%s to move%s", chess_position_turn(pos) == CHESS_WHITE ? "White" : "Black",
         chess_game_can_claim_draw(game) ? " (a draw can be claimed)" : "");
  print_squares(pos, ", in check from", chess_position_checkers);
  print_squares(pos, "; pinned:", chess_position_pinned);
  printf("\n");
}

/* "attacks e4": who attacks a square, for each side. */
static void print_attackers(const ChessGame *game, const char *name) {
  const ChessPosition *pos = chess_game_position(game);
  uint8_t square = chess_square_from_name(name);
  if (square == 0xFF) {
    printf("refused: %s\n", chess_last_error());
    return;
  }
  static const char *const sides[] = {"White", "Black"};
  for (int side = 0; side < 2; side++) {
    uint8_t from[16];
    size_t count = chess_position_attackers(pos, square, (ChessColor)side, from, sizeof from);
    printf("%s attacks %s from", sides[side], name);
    for (size_t i = 0; i < count && i < sizeof from; i++) {
      char at[3];
      chess_square_name(from[i], at, sizeof at);
      printf(" %s", at);
    }
    printf("%s\n", count == 0 ? " nowhere" : "");
  }
}

/* Removes leading and trailing white space in place. */
static char *trim(char *s) {
  while (isspace((unsigned char)*s)) {
    s++;
  }
  size_t n = strlen(s);
  while (n > 0 && isspace((unsigned char)s[n - 1])) {
    s[--n] = '\0';
  }
  return s;
}

/* UCI looks like e2e4 or e7e8q: two squares and maybe a piece. */
static int looks_like_uci(const char *s) {
  size_t n = strlen(s);
  return (n == 4 || n == 5) && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' && s[2] >= 'a' &&
         s[2] <= 'h' && s[3] >= '1' && s[3] <= '8';
}

/* While the engine thinks: each depth's best line, with its score, in SAN. */
static void on_info(const ChessSearchInfo *info, void *user_data) {
  const ChessPosition *pos = user_data;
  if (info->multipv != 1) {
    return;
  }
  char score[16];
  if (info->mate != 0) {
    snprintf(score, sizeof score, "mate %d", info->mate);
  } else {
    snprintf(score, sizeof score, "%+.2f", info->score_cp / 100.0);
  }
  printf("  depth %2u  %-8s %8llu nodes  ", info->depth, score, (unsigned long long)info->nodes);
  /* The line in SAN, played on a copy of the position. */
  ChessPosition *line = chess_position_clone(pos);
  for (uint32_t i = 0; i < info->pv_length && i < 8; i++) {
    char san[CHESS_MAX_MOVE_TEXT_LENGTH + 1];
    if (chess_position_move_to_san(line, info->pv[i], san, sizeof san) == 0) break;
    printf(" %s", san);
    chess_position_play(line, info->pv[i]);
  }
  chess_position_free(line);
  printf("\n");
}

/* A book move for the position, drawn by weight; 0 when the book has
   none. */
static int book_move(ChessBook *book, const ChessPosition *pos, ChessMove *out) {
  ChessBookEntry entries[64];
  size_t count = book != NULL ? chess_book_entries(book, pos, entries, 64) : 0;
  if (count > 64) count = 64;
  unsigned long total = 0;
  for (size_t i = 0; i < count; i++) total += entries[i].weight;
  if (total == 0) return 0;
  unsigned long pick = (unsigned long)rand() % total;
  for (size_t i = 0; i < count; i++) {
    if (pick < entries[i].weight) {
      *out = entries[i].move;
      return 1;
    }
    pick -= entries[i].weight;
  }
  return 0;
}

/* The engine's reply, printed in SAN after its thinking (or at once from
   the book, while the game is in it); returns the library's error code.
   The level is the depth it may reach (10: as deep as a third of a second
   allows). */
static ChessError computer_move(ChessEngine *engine, ChessBook *book, ChessGame *game, int level) {
  const ChessPosition *pos = chess_game_position(game);
  ChessMove from_book;
  if (book_move(book, pos, &from_book)) {
    char san[CHESS_MAX_MOVE_TEXT_LENGTH + 1];
    chess_position_move_to_san(pos, from_book, san, sizeof san);
    char eco[8], name[128];
    ChessError err = chess_game_play(game, from_book);
    if (chess_position_opening(chess_game_position(game), eco, sizeof eco, name, sizeof name) > 0) {
      printf("computer plays %s (book; %s %s)\n", san, eco, name);
    } else {
      printf("computer plays %s (book)\n", san);
    }
    return err;
  }
  ChessSearchLimits limits = {0};
  limits.movetime_ms = 300;
  limits.depth = level < 10 ? (uint32_t)level : 0;
  ChessSearchInfo best;
  /* The game, not the position alone: the engine sees repetitions. */
  ChessError err = chess_engine_search_game(engine, game, &limits, on_info, (void *)pos, &best);
  if (err != CHESS_OK) {
    return err;
  }
  char san[CHESS_MAX_MOVE_TEXT_LENGTH + 1];
  chess_position_move_to_san(pos, best.pv[0], san, sizeof san);
  printf("computer plays %s\n", san);
  return chess_game_play(game, best.pv[0]);
}

int main(int argc, char **argv) {
  int level = 0; /* 0: people play both sides */
  const char *book_path = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--computer") == 0 && i + 1 < argc) {
      level = atoi(argv[++i]);
      if (level < 1 || level > 10) {
        fprintf(stderr, "the level is a number from 1 to 10\n");
        return 2;
      }
    } else if (strcmp(argv[i], "--book") == 0 && i + 1 < argc) {
      book_path = argv[++i];
    } else {
      fprintf(stderr, "usage: %s [--computer LEVEL [--book FILE.bin]]\n", argv[0]);
      return 2;
    }
  }
  srand((unsigned)time(NULL));
  ChessBook *book = NULL;
  if (book_path != NULL && (book = chess_book_open(book_path)) == NULL) {
    fprintf(stderr, "%s\n", chess_last_error());
    return 1;
  }
  ChessGame *game = chess_game_new();
  ChessEngine *engine = level > 0 ? chess_engine_new(16) : NULL;
  if (game == NULL || (level > 0 && engine == NULL)) {
    fprintf(stderr, "%s\n", chess_last_error());
    chess_book_free(book);
    return 1;
  }
  print_board(game);

  char line[256];
  while (fgets(line, sizeof line, stdin) != NULL) {
    char *text = trim(line);
    if (*text == '\0') {
      continue;
    }
    ChessError err;
    int moved = 0;
    if (strcmp(text, "undo") == 0) {
      err = chess_game_undo(game);
      /* Against the computer, take back its reply and your move. */
      if (err == CHESS_OK && level > 0 && chess_position_turn(chess_game_position(game)) == CHESS_BLACK) {
        err = chess_game_undo(game);
      }
    } else if (strncmp(text, "attacks ", 8) == 0) {
      print_attackers(game, trim(text + 8));
      continue;
    } else if (strcmp(text, "resign") == 0) {
      ChessColor turn = chess_position_turn(chess_game_position(game));
      err = chess_game_resign(game, turn);
    } else if (looks_like_uci(text)) {
      err = chess_game_play_uci(game, text);
      moved = 1;
    } else {
      err = chess_game_play_san(game, text);
      moved = 1;
    }
    if (err != CHESS_OK) {
      printf("refused: %s\n", chess_last_error());
      continue;
    }
    if (moved && level > 0 && chess_game_outcome(game) == CHESS_OUTCOME_ONGOING) {
      err = computer_move(engine, book, game, level);
      if (err != CHESS_OK) {
        printf("the computer could not move: %s\n", chess_last_error());
      }
    }
    print_board(game);
  }

  chess_engine_free(engine);
  chess_book_free(book);
  size_t need = chess_game_to_pgn(game, NULL, 0);
  char *pgn = malloc(need + 1);
  if (pgn == NULL) {
    chess_game_free(game);
    return 1;
  }
  chess_game_to_pgn(game, pgn, need + 1);
  printf("\n%s", pgn);
  free(pgn);
  chess_game_free(game);
  return 0;
}
