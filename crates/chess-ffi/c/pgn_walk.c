/* pgn_walk: print every game of a PGN file as a tree: the main line, its
 * variations indented under the move they replace, the NAGs, the comments
 * and the clock times ([%clk]) the online sites record.
 *
 *   pgn_walk FILE.pgn
 *
 * Each game starts with its tags. It uses libchess's game tree: a game's nodes are numbers (ChessNode),
 * 0 the start position; the first child of a node is the main
 * continuation and the others are variations.
 */
#include <chess.h>

#include <stdio.h>
#include <string.h>

/* The move of `node` with its number: "12." for White, "12..." for Black. */
static void print_move(const ChessGame *game, ChessNode node, int column, int opens) {
  const ChessPosition *before = chess_game_node_position(game, chess_game_node_parent(game, node));
  char san[CHESS_MAX_MOVE_TEXT_LENGTH + 1];
  chess_game_node_san(game, node, san, sizeof san);
  printf("%*s%s%u%s %s", column, "", opens ? "( " : "", chess_position_fullmoves(before),
         chess_position_turn(before) == CHESS_WHITE ? "." : "...", san);

  static const char *const glyphs[] = {"", "!", "?", "!!", "??", "!?", "?!"};
  uint8_t nags[8];
  size_t count = chess_game_node_nags(game, node, nags, sizeof nags);
  for (size_t i = 0; i < count && i < sizeof nags; i++) {
    if (nags[i] < sizeof glyphs / sizeof glyphs[0]) {
      printf(" %s", glyphs[nags[i]]);
    } else {
      printf(" $%u", nags[i]);
    }
  }

  uint64_t ms;
  if (chess_game_node_clock(game, node, &ms)) {
    printf("  [%u:%02u:%02u", (unsigned)(ms / 3600000), (unsigned)(ms / 60000 % 60), (unsigned)(ms / 1000 % 60));
    if (ms % 1000) printf(".%u", (unsigned)(ms % 1000 / 100));
    printf("]");
  }

  /* The comment, without its [%...] commands. */
  char comment[512], text[512];
  chess_game_node_comment(game, node, comment, sizeof comment);
  size_t n = 0;
  for (const char *c = comment; *c; c++) {
    if (c[0] == '[' && c[1] == '%') {
      const char *end = strchr(c, ']');
      if (end == NULL) break;
      c = end;
      continue;
    }
    if (!(*c == ' ' && (n == 0 || text[n - 1] == ' '))) text[n++] = *c;
  }
  while (n > 0 && text[n - 1] == ' ') n--;
  text[n] = '\0';
  if (n > 0) printf("  {%s}", text);
}

static void walk(const ChessGame *game, ChessNode parent, int column);

/* A variation: "( " and its first move, the rest under it, then ")". */
static void variation(const ChessGame *game, ChessNode first, int column) {
  print_move(game, first, column, 1);
  printf("\n");
  walk(game, first, column + 2);
  printf("%*s)\n", column, "");
}

/* The line from `parent` on, a move a line, each followed by the
   variations that replace it, indented. */
static void walk(const ChessGame *game, ChessNode parent, int column) {
  size_t count;
  while ((count = chess_game_node_child_count(game, parent)) > 0) {
    ChessNode main = chess_game_node_child(game, parent, 0);
    print_move(game, main, column, 0);
    printf("\n");
    for (size_t i = 1; i < count; i++) {
      variation(game, chess_game_node_child(game, parent, i), column + 2);
    }
    parent = main;
  }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: pgn_walk FILE.pgn\n");
    return 2;
  }
  ChessPgnReader *reader = chess_pgn_reader_open(argv[1]);
  if (reader == NULL) {
    fprintf(stderr, "%s\n", chess_last_error());
    return 1;
  }
  int number = 0, status;
  ChessGame *game;
  while ((status = chess_pgn_reader_next(reader, &game)) != 0) {
    number++;
    if (status < 0) {
      printf("game %d: %s\n", number, chess_last_error());
      if (status != CHESS_ERR_PARSE) break;
      continue;
    }
    char name[64], value[256], outcome[128];
    printf("game %d\n", number);
    /* Every tag, in order. */
    for (size_t i = 0; i < chess_game_tag_count(game); i++) {
      chess_game_tag_name_at(game, i, name, sizeof name);
      chess_game_tag_value_at(game, i, value, sizeof value);
      printf("  [%s \"%s\"]\n", name, value);
    }
    char intro[512];
    if (chess_game_node_comment(game, 0, intro, sizeof intro) > 0) printf("  {%s}\n", intro);
    walk(game, 0, 2);
    if (chess_game_outcome_text(game, outcome, sizeof outcome) > 0) printf("  %s\n", outcome);
    chess_game_free(game);
  }
  chess_pgn_reader_free(reader);
  return status < 0 ? 1 : 0;
}
