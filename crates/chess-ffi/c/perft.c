/*
 * perft: count the leaves of the move tree with libchess.
 *
 *   perft [--divide] [--960 N] DEPTH [FEN]
 *
 * Prints the node count, the time and the speed in million nodes per second
 * (with --divide, first the count under each legal move). With --960 N it
 * counts from Chess960 start position N (0..959); a FEN given with it is
 * read as Chess960 (X-FEN or Shredder-FEN castling) instead.
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
  fprintf(stderr, "usage: perft [--divide] [--960 N] DEPTH [FEN]\n");
  return 2;
}

int main(int argc, char **argv) {
  int divide = 0;
  long chess960 = -1; /* the start position number, or -1: standard chess */
  int arg = 1;
  for (; arg < argc && strncmp(argv[arg], "--", 2) == 0; arg++) {
    if (strcmp(argv[arg], "--divide") == 0) {
      divide = 1;
    } else if (strcmp(argv[arg], "--960") == 0 && arg + 1 < argc) {
      char *end = NULL;
      chess960 = strtol(argv[++arg], &end, 10);
      if (*end != '\0' || chess960 < 0) {
        return usage();
      }
    } else {
      return usage();
    }
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
  ChessPosition *pos;
  if (chess960 >= 0) {
    pos = fen[0] != '\0' ? chess_position_from_fen_960(fen) : chess_position_new_960((uint32_t)chess960);
  } else {
    pos = fen[0] != '\0' ? chess_position_from_fen(fen) : chess_position_new();
  }
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
