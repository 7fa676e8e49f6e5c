"""The Parquet export read back by DuckDB gives the same collection.

Run by .ci/run (in a virtual environment with duckdb and python-chess):

    python parquet_duckdb.py CHESS_DB FOLDER WORK

CHESS_DB is a chess-db built with the `parquet` feature, FOLDER a folder of
PGN files, WORK a scratch folder. It exports FOLDER, then checks with DuckDB:

- the games: every game chess-db indexed, numbered as chess-db numbers them,
  with its file and number there; the moves and headers of a sample of the
  games equal python-chess's reading of the PGN files themselves;
- the positions: the Polyglot keys of every position of the sampled games
  up to ply 40 equal python-chess's;
- the docs' queries (docs/collections.md, "Past one machine"): a position
  search, an explorer and a player's filter give chess-db's own answers.

Prints `N passed, 0 failed` and exits 0, or says what differs and exits 1.
"""

import json
import logging
import os
import pathlib
import subprocess
import sys

import chess
import chess.pgn
import chess.polyglot
import duckdb

# python-chess logs each illegal move it meets; the sample files have one on
# purpose.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

PLIES = 40


def main():
    chess_db, folder, work = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    env = dict(os.environ, CHESS_DB_CACHE=str(work / "cache"))
    out = work / "parquet"

    def run(*args):
        done = subprocess.run([chess_db, *args], env=env, capture_output=True, text=True)
        if done.returncode != 0:
            print(f"FAILED chess-db {' '.join(args)}: {done.stderr}")
            sys.exit(1)
        return done.stdout

    run("export", str(folder), "--parquet", str(out), "--plies", str(PLIES), "--quiet")
    games = f"read_parquet('{out}/games/*.parquet')"
    positions = f"read_parquet('{out}/positions/*.parquet')"
    db = duckdb.connect()
    checks = []

    def check(name, got, expected):
        ok = got == expected
        checks.append(ok)
        if not ok:
            print(f"FAILED {name}:\n  got      {str(got)[:800]}\n  expected {str(expected)[:800]}")

    # Every game, in chess-db's numbering, with its file and number there.
    index = run("index", str(folder), "--quiet")
    count = int(next(l.split()[1] for l in index.splitlines() if l.startswith("games ")))
    rows = db.sql(f"SELECT game, file, game_in_file FROM {games} ORDER BY game").fetchall()
    check("game numbers", [r[0] for r in rows], list(range(1, count + 1)))
    files = sorted(p for p in folder.rglob("*") if p.name.lower().endswith((".pgn", ".pgn.zst", ".pgn.gz", ".pgn.bz2")))

    # python-chess reads each file: the games' moves and headers, and the
    # keys of their positions, on a sample.
    number = 0
    sample = {}
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            in_file = 0
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                number += 1
                in_file += 1
                if number % 37 == 1 or number > count - 30 or path != files[0]:
                    sample[number] = (str(path.relative_to(folder)), in_file, game)
    check("games read by python-chess", number, count)
    got = {
        r[0]: r[1:]
        for r in db.sql(
            f"SELECT game, file, game_in_file, white, black, result, moves, readable FROM {games} "
            f"WHERE game IN ({','.join(map(str, sample))})"
        ).fetchall()
    }
    keys = {}
    for r in db.sql(
        f"SELECT game, ply, key FROM {positions} WHERE game IN ({','.join(map(str, sample))}) ORDER BY game, ply"
    ).fetchall():
        keys.setdefault(r[0], []).append(r[2] % (1 << 64))
    for n, (file, in_file, game) in sample.items():
        if game.errors:
            check(f"game {n} unreadable", got[n][6], False)
            continue
        board = game.board()
        expected_keys = [chess.polyglot.zobrist_hash(board)]
        for ply, move in enumerate(game.mainline_moves()):
            board.push(move)
            if ply + 1 <= PLIES:
                expected_keys.append(chess.polyglot.zobrist_hash(board))
        moves = " ".join(m.uci() for m in game.mainline_moves())
        # python-chess writes "?" for a missing player, the export nothing.
        def unknown(name):
            return None if name in (None, "", "?") else name

        got_game = (*got[n][:2], unknown(got[n][2]), unknown(got[n][3]), *got[n][4:])
        expected = (
            file,
            in_file,
            unknown(game.headers.get("White")),
            unknown(game.headers.get("Black")),
            game.headers.get("Result", "*"),
            moves,
            True,
        )
        check(f"game {n}", got_game, expected)
        check(f"game {n}'s positions", keys.get(n), expected_keys)

    # The docs' queries against chess-db's answers, on positions of the
    # sampled games within the plies exported.
    targets = []
    for n, (_, _, game) in list(sample.items())[::9]:
        board = game.board()
        for ply, move in enumerate(game.mainline_moves()):
            if ply in (2, 6, 12, 25):
                targets.append(board.fen())
            board.push(move)
    for fen in targets[:40]:
        key = chess.polyglot.zobrist_hash(chess.Board(fen))
        key = key - (1 << 64) if key >= 1 << 63 else key
        found = db.sql(
            f"SELECT game, min(ply) FROM {positions} WHERE key = {key} GROUP BY game ORDER BY game"
        ).fetchall()
        said = run("search", str(folder), "--fen", fen, "--ply", "--max-ply", str(PLIES))
        expected = [(int(l.split()[0]), int(l.split()[-1])) for l in said.splitlines()]
        check(f"position search {fen}", found, expected)
        explorer = db.sql(
            f"""SELECT first.move, count(*) AS games,
                       count(*) FILTER (WHERE g.result = '1-0') AS white,
                       count(*) FILTER (WHERE g.result = '1/2-1/2') AS draws,
                       count(*) FILTER (WHERE g.result = '0-1') AS black
                FROM (SELECT game, arg_min(move, ply) AS move FROM {positions}
                      WHERE key = {key} GROUP BY game) AS first
                JOIN {games} AS g USING (game)
                WHERE first.move IS NOT NULL
                GROUP BY first.move ORDER BY games DESC, first.move"""
        ).fetchall()
        said = json.loads(run("explore", str(folder), "--fen", fen, "--json"))
        expected = sorted(
            ((m["uci"], m["games"], m["white"], m["draws"], m["black"]) for m in said["moves"]),
            key=lambda r: (-r[1], r[0]),
        )
        check(f"explorer {fen}", explorer, expected)

    for player in ["carl", "ann", "x"]:
        found = [
            r[0]
            for r in db.sql(
                f"""SELECT game FROM {games}
                    WHERE readable AND (lower(white) LIKE '%{player}%' OR lower(black) LIKE '%{player}%')
                    ORDER BY game"""
            ).fetchall()
        ]
        said = run("filter", str(folder), "--player", player)
        check(f"player {player}", found, [int(l.split()[0]) for l in said.splitlines()])

    failed = checks.count(False)
    print(f"parquet: {len(checks) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
