// cadical-time: time CaDiCaL's solve on a DIMACS CNF in-process, finer than
// the cadical program's profile (which prints hundredths of a second).
//
//   g++ -O2 -o cadical-time scripts/cadical-time.cpp -lcadical   (libcadical-dev)
//   cadical-time [-runs N] [-t SECONDS] FILE.cnf
//
// Each run makes a fresh solver (default options, so the same search every
// run), reads the file (not timed), and times solve() alone with the
// process's CPU clock (CLOCK_PROCESS_CPUTIME_ID) and a wall clock; process
// start and parsing are excluded. It prints one line:
//
//   <status> <median CPU ms> <median wall ms> <runs>
//
// status is SAT, UNSAT or TIMEOUT (the wall time limit -t, default 300 s,
// reached in the first run; then the times are those of that run). Runs
// stop early once they have taken 2 s together, so a slow level is solved
// once or twice. The first run is a warm-up, left out of the medians when
// more runs follow it and it took under 200 ms (it pays for paging in the
// library's code; a slow level's first run is kept, it may be its only
// one). Exit status 0, or 2 on bad input.
#include <cadical.hpp>

#include "cadical-clock.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
  int runs = 5;
  double limit = 300;
  const char *file = nullptr;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-runs") && i + 1 < argc) {
      runs = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "-t") && i + 1 < argc) {
      limit = atof(argv[++i]);
    } else if (argv[i][0] != '-' && !file) {
      file = argv[i];
    } else {
      fprintf(stderr, "usage: cadical-time [-runs N] [-t SECONDS] FILE.cnf\n");
      return 2;
    }
  }
  if (!file || runs < 1 || limit <= 0) {
    fprintf(stderr, "usage: cadical-time [-runs N] [-t SECONDS] FILE.cnf\n");
    return 2;
  }
  std::vector<double> cpu, wall;
  const char *status = "TIMEOUT";
  double spent = 0;
  for (int r = 0; r < runs && spent < 2000; r++) {
    CaDiCaL::Solver s;
    s.set("quiet", 1);
    int vars = 0;
    if (const char *err = s.read_dimacs(file, vars, 1)) {
      fprintf(stderr, "cadical-time: %s: %s\n", file, err);
      return 2;
    }
    Deadline d;
    d.end = wallMs() + limit * 1e3;
    s.connect_terminator(&d);
    double c0 = cpuMs(), w0 = wallMs();
    int res = s.solve();
    double c = cpuMs() - c0, w = wallMs() - w0;
    s.disconnect_terminator();
    cpu.push_back(c);
    wall.push_back(w);
    spent += w;
    status = res == 10 ? "SAT" : res == 20 ? "UNSAT" : "TIMEOUT";
    if (res != 10 && res != 20) break;
  }
  if (cpu.size() > 1 && wall[0] < 200) {
    cpu.erase(cpu.begin());
    wall.erase(wall.begin());
  }
  printf("%s %.3f %.3f %zu\n", status, median(cpu), median(wall), cpu.size());
  return 0;
}
