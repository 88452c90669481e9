// cadical-max: an optimiser for the overconstrained Hexiom (hexiom solve
// -max), independent of our search, for scripts/sat-compare-max.sh: CaDiCaL
// on the CNF of `hexiom-lab cnf -max tiles|points -o OUT LEVEL`
// (formats.WriteMaxCNF), with the objective's bound raised until the
// problem is unsatisfiable, incrementally (one solver, the bound an
// assumption of one literal of the objective's counter, so what it learnt
// stays).
//
//   g++ -O2 -o cadical-max scripts/cadical-max.cpp -lcadical   (libcadical-dev)
//   cadical-max [-plain] [-t SECONDS] FILE.cnf
//
// It reads the comment lines "c objective BASE STEP" and "c ge K LIT" (LIT
// true iff the counter counts at least K; the value is BASE + STEP·K).
// Each model's value is read from the counter, and the next solve assumes
// the literal of one more, and (unless -plain) each number's minimum for
// that target, from "c total", "c want" and "c count": its movable tiles
// less what the slack (TOTAL less the target) lets be set aside. The CNF
// also holds the parity of the odd numbers placed. It prints one line:
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
#include <ctime>
#include <vector>

namespace {

int usage() {
  fprintf(stderr, "usage: cadical-max [-plain] [-t SECONDS] FILE.cnf\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  double limit = 300;
  bool minimums = true;
  const char *file = nullptr;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-plain")) {
      minimums = false;
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
  long base = 0, step = 0, total = -1;
  std::vector<int> ge; // ge[k-1]: at least k
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
  Deadline d;
  d.end = wallMs() + limit * 1e3;
  s.connect_terminator(&d);
  double c0 = cpuMs(), w0 = wallMs();
  long best = -1; // counter value of the best model
  int solves = 0;
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
    }
    solves++;
    int res = s.solve();
    if (res == 20) {
      status = best >= 0 ? "OPT" : "NONE";
      break;
    }
    if (res != 10) break;
    long k = 0;
    while (k < (long)ge.size() && s.val(ge[k]) > 0) k++;
    if (k <= best) {
      fprintf(stderr, "cadical-max: %s: a model of value %ld under the assumption of more than %ld\n", file, k, best);
      return 2;
    }
    best = k;
  }
  double c = cpuMs() - c0, w = wallMs() - w0;
  if (best >= 0) {
    printf("%s %ld %.3f %.3f %d\n", status, base + step * best, c, w, solves);
  } else {
    printf("%s - %.3f %.3f %d\n", status, c, w, solves);
  }
  return 0;
}
