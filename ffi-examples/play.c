/*
 * play: a game on the terminal with libchess.
 *
 * Reads one move per line from standard input, in SAN (Nf3, O-O, e8=Q) or
 * UCI (g1f3, e1g1, e7e8q); "undo" takes back a move, "resign" ends the game.
 * After each move it prints the board and the status; an illegal move is
 * refused with the library's reason. At the end it prints the game as PGN.
 */
#include <chess.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  printf("%s to move%s%s\n", chess_position_turn(pos) == CHESS_WHITE ? "White" : "Black",
         chess_position_is_check(pos) ? ", in check" : "",
         chess_game_can_claim_draw(game) ? " (a draw can be claimed)" : "");
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

int main(void) {
  ChessGame *game = chess_game_new();
  if (game == NULL) {
    fprintf(stderr, "%s\n", chess_last_error());
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
    if (strcmp(text, "undo") == 0) {
      err = chess_game_undo(game);
    } else if (strcmp(text, "resign") == 0) {
      ChessColor turn = chess_position_turn(chess_game_position(game));
      err = chess_game_resign(game, (int32_t)turn);
    } else if (looks_like_uci(text)) {
      err = chess_game_play_uci(game, text);
    } else {
      err = chess_game_play_san(game, text);
    }
    if (err != CHESS_OK) {
      printf("refused: %s\n", chess_last_error());
      continue;
    }
    print_board(game);
  }

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
