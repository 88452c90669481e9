// cadical-max: an optimiser for the overconstrained Hexiom (hexiom solve
// -max), independent of our search, for scripts/sat-compare-max.sh: CaDiCaL
// on the CNF of `hexiom-lab cnf -max tiles|points -o OUT LEVEL`
// (formats.WriteMaxCNF), with the objective's bound raised until the
// problem is unsatisfiable, incrementally (one solver, the bound an
// assumption of one literal of the objective's counter, so what it learnt
// stays).
//
//   g++ -O2 -o cadical-max scripts/cadical-max.cpp -lcadical   (libcadical-dev)
//   cadical-max [-plain] [-split] [-cube mid|LO-HI] [-split-after N] [-part I/N] [-v] [-t SECONDS] FILE.cnf
//
// It reads the comment lines "c objective BASE STEP" and "c ge K LIT" (LIT
// true iff the counter counts at least K; the value is BASE + STEP·K).
// Each model's value is read from the counter, and the next solve assumes
// the literal of one more, and (unless -plain) each number's minimum for
// that target, from "c total", "c want" and "c count": its movable tiles
// less what the slack (TOTAL less the target) lets be set aside. The CNF
// also holds the parity of the odd numbers placed.
//
// -split: when a target's solve passes N conflicts (-split-after, 20000),
// the target is split by histogram: one solve for each count of each number
// placed whose set-aside tiles fit the slack (the 0s left free with
// points), each count exact, and the occupied adjacent pairs exact at half
// the numbers' sum ("c lockedsum", "c pairbase", "c pairs"; with points the
// objective's counter): the rule makes every number count its occupied
// neighbours, so the numbers on a board sum to twice its occupied pairs,
// which no SAT solver sees. A histogram whose sum is odd, or that needs
// more pairs or tiles than the board has, is refuted by that arithmetic.
// -cube: a histogram not decided in N conflicts is split again by the
// occupancy of board cells LO..HI (mid: the middle row; 2^k cubes, k its
// free cells), one solve each (cube and conquer: the row separates the
// board, and each cube fixes it). -part I/N: only the cubes m with
// m mod N = I, so that N runs share the cubes (on N processors): the
// optimum is then the largest value the N runs print, proved when each
// prints OPT (each refuted every target above its value, in its cubes or
// whole). -v reports each cube on stderr, and the histograms' count at the
// end. It prints one line:
//
//   OPT <value> <CPU ms> <wall ms> <solves>    the optimum, proved
//   NONE - <CPU ms> <wall ms> <solves>         no arrangement at all
//   TIMEOUT <best value or -> <CPU ms> <wall ms> <solves>
//
// The times are of the solves alone (CLOCK_PROCESS_CPUTIME_ID and a wall
// clock), reading the file excluded. Exit status 0, or 2 on bad input.
#include <cadical.hpp>

#include "cadical-clock.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <ctime>
#include <vector>

namespace {

int usage() {
  fprintf(stderr, "usage: cadical-max [-plain] [-split] [-cube mid|LO-HI] [-split-after N] [-part I/N] [-v] [-t SECONDS] FILE.cnf\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  double limit = 300;
  bool minimums = true, split = false, verbose = false;
  long splitAfter = 20000;
  long cubeLo = 0, cubeHi = -1; // board cells whose occupancy splits each histogram
  bool cubeMid = false;         // the middle row's
  long part = 0, parts = 1;     // this run's cubes: those m with m mod parts = part
  std::vector<int> cube;        // their variables
  const char *file = nullptr;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-plain")) {
      minimums = false;
    } else if (!strcmp(argv[i], "-cube") && i + 1 < argc) {
      split = true;
      i++;
      if (!strcmp(argv[i], "mid")) {
        cubeMid = true;
      } else if (sscanf(argv[i], "%ld-%ld", &cubeLo, &cubeHi) != 2) {
        return usage();
      }
    } else if (!strcmp(argv[i], "-part") && i + 1 < argc) {
      if (sscanf(argv[++i], "%ld/%ld", &part, &parts) != 2 || part < 0 || parts < 1 || part >= parts) return usage();
    } else if (!strcmp(argv[i], "-v")) {
      verbose = true;
    } else if (!strcmp(argv[i], "-split")) {
      split = true;
    } else if (!strcmp(argv[i], "-split-after") && i + 1 < argc) {
      split = true;
      splitAfter = atol(argv[++i]);
    } else if (!strcmp(argv[i], "-t") && i + 1 < argc) {
      limit = atof(argv[++i]);
    } else if (argv[i][0] != '-' && !file) {
      file = argv[i];
    } else {
      return usage();
    }
  }
  if (!file || limit <= 0) return usage();

  // The objective's comment lines.
  FILE *in = fopen(file, "r");
  if (!in) {
    perror(file);
    return 2;
  }
  long base = 0, step = 0, total = -1, lockedSum = -1, pairBase = 0;
  std::vector<int> ge;    // ge[k-1]: at least k
  std::vector<int> pairs; // pairs[k-1]: at least k occupied pairs (tiles)
  long want[7] = {0, 0, 0, 0, 0, 0, 0};
  std::vector<int> count[7]; // count[v][k-1]: at least k tiles of v placed
  char line[4096];
  bool haveObj = false;
  while (fgets(line, sizeof line, in)) {
    long a, b;
    if (sscanf(line, "c objective %ld %ld", &a, &b) == 2) {
      base = a, step = b, haveObj = true;
    } else if (sscanf(line, "c total %ld", &a) == 1) {
      total = a;
    } else if (sscanf(line, "c lockedsum %ld", &a) == 1) {
      lockedSum = a;
    } else if (sscanf(line, "c pairbase %ld", &a) == 1) {
      pairBase = a;
    } else if (sscanf(line, "c pairs %ld %ld", &a, &b) == 2) {
      if (a != (long)pairs.size() + 1) {
        fprintf(stderr, "cadical-max: %s: pairs %ld out of order\n", file, a);
        return 2;
      }
      pairs.push_back((int)b);
    } else if (long c; sscanf(line, "c count %ld %ld %ld", &a, &b, &c) == 3) {
      if (a < 0 || a > 6 || b != (long)count[a].size() + 1) {
        fprintf(stderr, "cadical-max: %s: count %ld %ld out of order\n", file, a, b);
        return 2;
      }
      count[a].push_back((int)c);
    } else if (sscanf(line, "c want %ld %ld", &a, &b) == 2 && a >= 0 && a <= 6) {
      want[a] = b;
    } else if (sscanf(line, "c ge %ld %ld", &a, &b) == 2) {
      if (a != (long)ge.size() + 1) {
        fprintf(stderr, "cadical-max: %s: ge %ld out of order\n", file, a);
        return 2;
      }
      ge.push_back((int)b);
    } else if (sscanf(line, "c hexiom level of side %ld", &a) == 1 && cubeMid) {
      // Rows 0..a-2 hold a, a+1, …, 2a-2 cells; the middle row 2a-1.
      cubeLo = (a - 1) * a + (a - 1) * (a - 2) / 2;
      cubeHi = cubeLo + 2 * a - 2;
    } else if (!strncmp(line, "c cells:", 8)) {
      int at = 8, n = 0, k = 0, cell;
      while (sscanf(line + at, "%d%n", &cell, &n) == 1) {
        at += n, k++;
        if (cell >= cubeLo && cell <= cubeHi) cube.push_back(k);
      }
    } else if (line[0] == 'p') {
      break;
    }
  }
  fclose(in);
  if (!haveObj || total < 0) {
    fprintf(stderr, "cadical-max: %s: no \"c objective\" or \"c total\" line (write it with hexiom-lab cnf -max …)\n", file);
    return 2;
  }

  CaDiCaL::Solver s;
  s.set("quiet", 1);
  int vars = 0;
  if (const char *err = s.read_dimacs(file, vars, 1)) {
    fprintf(stderr, "cadical-max: %s: %s\n", file, err);
    return 2;
  }
  if (split && lockedSum < 0) {
    fprintf(stderr, "cadical-max: %s: -split needs the \"c lockedsum\" line (write it with hexiom-lab cnf -max …)\n", file);
    return 2;
  }
  // The occupied adjacent pairs' counter: its own with tiles; with points
  // the objective's (worth twice the pairs, the locked ones' in BASE).
  std::vector<int> &pairLits = step == 1 ? pairs : ge;
  if (step != 1) pairBase = base / 2;
  if (split && step == 1 && pairs.empty()) {
    fprintf(stderr, "cadical-max: %s: -split needs the \"c pairs\" lines (write it with hexiom-lab cnf -max …)\n", file);
    return 2;
  }
  if (cube.size() > 20) {
    // 2^k solves a histogram: past a million, not a comparison's run.
    fprintf(stderr, "cadical-max: %s: -cube over %zu free cells; at most 20\n", file, cube.size());
    return 2;
  }
  if (parts > 1 && cube.empty()) {
    // Without cubes a part would skip its histograms' one solve.
    fprintf(stderr, "cadical-max: %s: -part needs -cube, over cells that are free\n", file);
    return 2;
  }
  Deadline d;
  d.end = wallMs() + limit * 1e3;
  s.connect_terminator(&d);
  double c0 = cpuMs(), w0 = wallMs();
  long best = -1; // counter value of the best model
  int solves = 0;
  long hists = 0, histsTrivial = 0;

  // read returns the counter value of the model just found.
  auto read = [&]() {
    long k = 0;
    while (k < (long)ge.size() && s.val(ge[k]) > 0) k++;
    return k;
  };
  // histogram solves "value at least best+1" split by the count of each
  // number placed: each h ≤ want whose set-aside tiles fit the slack, one
  // solve each, with each count exact and the occupied pairs exact at half
  // the numbers' sum (the rule: every number counts its occupied
  // neighbours, so the numbers on the board sum to twice the occupied
  // pairs). With points the 0s are left free (they are worth nothing).
  // It returns 10 at the first model, 20 when every histogram is refuted, 0
  // when stopped.
  long o[7];
  std::function<int(int, long)> histogram = [&](int v, long slack) -> int {
    if (v < 7) {
      if (step != 1 && v == 0) {
        o[0] = 0;
        return histogram(1, slack);
      }
      for (long k = 0; k <= want[v]; k++) {
        long cost = step == 1 ? k : v * k;
        if (cost > slack) break;
        o[v] = k;
        if (int r = histogram(v + 1, slack - cost); r != 20) return r;
      }
      return 20;
    }
    hists++;
    long h[7], sum = lockedSum;
    bool possible = true;
    for (int u = 0; u < 7; u++) {
      h[u] = want[u] - o[u];
      sum += u * h[u];
      // More tiles of u than the cells that could hold one.
      if (h[u] > (long)count[u].size() && (step == 1 || u > 0)) possible = false;
    }
    long e = sum / 2 - pairBase; // the occupied pairs with a free cell
    // The numbers' sum odd, or pairs the board cannot have.
    if (sum % 2 != 0 || e < 0 || e > (long)pairLits.size()) possible = false;
    if (!possible) {
      histsTrivial++;
      return 20;
    }
    std::vector<int> as;
    as.push_back(ge[best]);
    for (int u = 0; u < 7; u++) {
      if (step != 1 && u == 0) continue;
      if (h[u] >= 1) as.push_back(count[u][h[u] - 1]);
      if (h[u] < (long)count[u].size()) as.push_back(-count[u][h[u]]);
    }
    if (e >= 1) as.push_back(pairLits[e - 1]);
    if (e < (long)pairLits.size()) as.push_back(-pairLits[e]);
    if (step == 1) {
      // The tiles placed, exactly: the counter's value is the movable ones.
      long placed = 0;
      for (int u = 0; u < 7; u++) placed += h[u];
      if (placed < (long)ge.size()) as.push_back(-ge[placed]);
    }
    // The histogram whole, for a while; then each occupancy of the cube's
    // cells, one solve each.
    if (!cube.empty()) {
      for (int a : as) s.assume(a);
      s.limit("conflicts", splitAfter);
      solves++;
      int r = s.solve();
      if (r != 0 || d.hit) return r;
    }
    for (long m = part; m < (1L << cube.size()); m += parts) {
      for (int a : as) s.assume(a);
      for (size_t b = 0; b < cube.size(); b++) s.assume(m >> b & 1 ? cube[b] : -cube[b]);
      solves++;
      int r = s.solve();
      if (verbose) fprintf(stderr, "cadical-max: histogram %ld cube %ld of %ld: %d at %.1f s\n", hists, m + 1, 1L << cube.size(), r, (wallMs() - w0) / 1e3);
      if (r != 20) return r;
    }
    return 20;
  };

  const char *status = "TIMEOUT";
  for (;;) {
    if (best + 1 > (long)ge.size() || base + step * (best + 1) > total) {
      // Every input true, or every tile placed: nothing above.
      status = "OPT";
      break;
    }
    if (best >= 0) {
      s.assume(ge[best]); // at least best+1
      // Each number's minimum for that target: its tiles less what the
      // slack lets the arrangement set aside (the slack in tiles, or in
      // points: at most slack/v tiles of v).
      long slack = total - (base + step * (best + 1));
      for (int v = 0; v < 7 && minimums; v++) {
        long out = step == 1 ? slack : v == 0 ? want[v] : slack / v;
        long k = want[v] - out; // at least k of v placed
        if (k >= 1 && k <= (long)count[v].size()) s.assume(count[v][k - 1]);
      }
      if (split) s.limit("conflicts", splitAfter);
    }
    solves++;
    int res = s.solve();
    if (res == 0 && split && best >= 0 && !d.hit) {
      res = histogram(0, total - (base + step * (best + 1)));
    }
    if (res == 20) {
      status = best >= 0 ? "OPT" : "NONE";
      break;
    }
    if (res != 10) break;
    long k = read();
    if (k <= best) {
      fprintf(stderr, "cadical-max: %s: a model of value %ld under the assumption of more than %ld\n", file, k, best);
      return 2;
    }
    best = k;
  }
  if (split && verbose) fprintf(stderr, "cadical-max: %s: %ld histograms solved, %ld of them refuted by arithmetic\n", file, hists, histsTrivial);
  double c = cpuMs() - c0, w = wallMs() - w0;
  if (best >= 0) {
    printf("%s %ld %.3f %.3f %d\n", status, base + step * best, c, w, solves);
  } else {
    printf("%s - %.3f %.3f %d\n", status, c, w, solves);
  }
  return 0;
}
