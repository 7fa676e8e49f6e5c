/*
 * perft: count the leaves of the move tree with libchess.
 *
 *   perft [--divide] DEPTH [FEN]
 *
 * Prints the node count, the time and the speed in million nodes per second
 * (with --divide, first the count under each legal move).
 */
#define _POSIX_C_SOURCE 199309L
#include <chess.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int usage(void) {
  fprintf(stderr, "usage: perft [--divide] DEPTH [FEN]\n");
  return 2;
}

int main(int argc, char **argv) {
  int divide = 0;
  int arg = 1;
  if (arg < argc && strcmp(argv[arg], "--divide") == 0) {
    divide = 1;
    arg++;
  }
  if (arg >= argc) {
    return usage();
  }
  char *end = NULL;
  long depth = strtol(argv[arg++], &end, 10);
  if (*end != '\0' || depth < 0 || depth > 20) {
    return usage();
  }

  /* The FEN may come as one argument or as its six fields. */
  char fen[CHESS_MAX_FEN_LENGTH + 1] = "";
  for (; arg < argc; arg++) {
    if (strlen(fen) + strlen(argv[arg]) + 2 > sizeof fen) {
      fprintf(stderr, "FEN too long\n");
      return 2;
    }
    if (fen[0] != '\0') {
      strcat(fen, " ");
    }
    strcat(fen, argv[arg]);
  }
  ChessPosition *pos = fen[0] != '\0' ? chess_position_from_fen(fen) : chess_position_new();
  if (pos == NULL) {
    fprintf(stderr, "%s\n", chess_last_error());
    return 1;
  }

  double start = now();
  uint64_t nodes = 0;
  if (divide && depth > 0) {
    ChessMove moves[CHESS_MAX_MOVES];
    size_t count = chess_position_legal_moves(pos, moves, CHESS_MAX_MOVES);
    for (size_t i = 0; i < count; i++) {
      ChessPosition *child = chess_position_clone(pos);
      if (child == NULL || chess_position_play(child, moves[i]) != CHESS_OK) {
        fprintf(stderr, "%s\n", chess_last_error());
        chess_position_free(child);
        chess_position_free(pos);
        return 1;
      }
      uint64_t n = chess_position_perft(child, (uint32_t)depth - 1);
      char uci[8];
      chess_move_to_uci(moves[i], uci, sizeof uci);
      printf("%s: %llu\n", uci, (unsigned long long)n);
      nodes += n;
      chess_position_free(child);
    }
    printf("\n");
  } else {
    nodes = chess_position_perft(pos, (uint32_t)depth);
  }
  double secs = now() - start;
  printf("nodes %llu\n", (unsigned long long)nodes);
  printf("time  %.3f s\n", secs);
  printf("speed %.1f Mnps\n", secs > 0 ? (double)nodes / secs / 1e6 : 0.0);
  chess_position_free(pos);
  return 0;
}
