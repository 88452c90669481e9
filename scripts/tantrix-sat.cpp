// tantrix-sat: solve a fixed Tantrix board with CaDiCaL, an independent
// check of `hexiom tantrix solve` (issue 26), on a plain SAT encoding with
// lazy sub-loop cuts.
//
//   g++ -O2 -o tantrix-sat scripts/tantrix-sat.cpp -lcadical   (libcadical-dev)
//   tantrix-sat [-t SECONDS] [-cpu SECONDS] [-loop] BOARD
//
// -t caps the wall time (default 300 s), -cpu the process's CPU time (on a
// busy machine; 0, the default, no cap). -loop solves the loop alone (see
// loopOnly): UNSAT there is a proof that the board has no solution.
//
// BOARD is a board file of `hexiom tantrix` ("tantrix N [COLOUR]", then one
// place "q r" a line, # comments). The encoding: a variable per place and
// (tile, rotation) pair, leaving out the pairs that show the designated
// colour across the rim; exactly one pair per place (one clause and a
// sequential at-most-one); a colour variable per edge between two places
// and colour, each side's pair implying the colour it shows there, at most
// one colour per edge (so touching edges match); each tile used at most
// its count (a sequential counter over the places' "tile t here"
// variables; the counts add up to N, so each is exact). The loop is left
// to lazy cuts: after each answer, every closed loop of the designated
// colour that misses some place gets a clause asking for one of the edges
// leaving its places to carry the colour, and the same solver (it keeps
// what it learnt) solves again, as the seed article's C5 does with its
// integer program. It prints one line:
//
//   <status> <CPU ms> <wall ms> <solves> <cuts>
//
// status is SAT (one loop through every place), UNSAT or TIMEOUT. The
// times cover encoding and every solve (reading the file excluded), CPU
// time of the process and wall time. On SAT, with -o FILE, it writes the
// solution as "q r tile rotation" lines. Exit status 0, or 2 on bad input.
#include <cadical.hpp>

#include "cadical-clock.h"

#include <array>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

// The tiles 1..10, edges NE, E, SE, SW, W, NW; colours R=0, B=1, Y=2.
const char *kTiles[10] = {"BRYYBR", "RBYYBR", "YRRBBY", "RBRYBY", "YRBBRY",
                          "BYBRYR", "YRBBYR", "RYBBRY", "BRBYRY", "RBYYRB"};
const int kDirs[6][2] = {{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}};

int colourOf(char c) { return c == 'R' ? 0 : c == 'B' ? 1 : 2; }

// edgeColour is the colour tile t (0-based) turned rot·60° clockwise shows
// at edge e.
int edgeColour(int t, int rot, int e) { return colourOf(kTiles[t][((e - rot) % 6 + 6) % 6]); }

int defaultColour(int n) {
  const int c[10] = {1, 2, 2, 2, 0, 0, 1, 0, 1, 2};
  return c[n % 10];
}

int fail(const std::string &msg) {
  std::fprintf(stderr, "tantrix-sat: %s\n", msg.c_str());
  return 2;
}


// components labels the n places by the parts that the edges (p, e) for
// which on(p, e) holds join (comp[p] the part of p) and returns their
// number: the loops of an answer, to cut its sub-loops.
template <class On>
static int components(int n, const std::vector<int> &nbr, On on, std::vector<int> &comp) {
  comp.assign(n, -1);
  int ncomp = 0;
  for (int i = 0; i < n; i++) {
    if (comp[i] >= 0) continue;
    std::vector<int> stack = {i};
    comp[i] = ncomp;
    while (!stack.empty()) {
      int p = stack.back();
      stack.pop_back();
      for (int e = 0; e < 6; e++) {
        int q = nbr[6 * p + e];
        if (q >= 0 && comp[q] < 0 && on(p, e)) {
          comp[q] = ncomp;
          stack.push_back(q);
        }
      }
    }
    ncomp++;
  }
  return ncomp;
}

// loopOnly decides the relaxation of a board that keeps only its loop (the
// -loop option, issue 44): a line of the designated colour through every
// place, entering and leaving it by two edges to other places, joined
// across every edge it crosses, with as many sharp (edges 60° apart), wide
// (120°) and straight lines as the challenge's tiles have, the other
// colours ignored; lazy sub-loop cuts as in main. Without such a loop the
// board has no solution: a second check, independent of `hexiom tantrix
// solve`, of the proofs its loop programme gives. It prints the line of
// main (SAT here says only that the relaxation has a loop).
int loopOnly(int n, int colour, const int *count, const std::vector<int> &nbr, double limit, double cpuLimit) {
  double cpu0 = cpuMs(), wall0 = wallMs();
  int want[4] = {0, 0, 0, 0}; // by shape: 1 sharp, 2 wide, 3 straight
  for (int t = 0; t < 10; t++) {
    int a = -1, b = -1;
    for (int e = 0; e < 6; e++)
      if (edgeColour(t, 0, e) == colour) (a < 0 ? a : b) = e;
    int d = b - a;
    want[d > 3 ? 6 - d : d] += count[t];
  }
  CaDiCaL::Solver s;
  int nvars = 0;
  // l[i][a*6+b] (a < b): place i's line joins edges a and b.
  std::vector<std::vector<int>> l(n, std::vector<int>(36, 0));
  std::vector<std::vector<int>> byShape(4);
  for (int i = 0; i < n; i++) {
    std::vector<int> vs;
    for (int a = 0; a < 6; a++)
      for (int b = a + 1; b < 6; b++) {
        if (nbr[6 * i + a] < 0 || nbr[6 * i + b] < 0) continue;
        l[i][a * 6 + b] = ++nvars;
        vs.push_back(nvars);
        int d = b - a;
        byShape[d > 3 ? 6 - d : d].push_back(nvars);
      }
    for (int v : vs) s.add(v);
    s.add(0);
    for (size_t u = 0; u < vs.size(); u++)
      for (size_t w = u + 1; w < vs.size(); w++) {
        s.add(-vs[u]);
        s.add(-vs[w]);
        s.add(0);
      }
  }
  // The line crosses edge e of place i iff it crosses the opposite edge of
  // the neighbour: d[i*6+e] ↔ one of i's pairs holding e.
  std::vector<int> d(6 * n, 0);
  for (int i = 0; i < n; i++)
    for (int e = 0; e < 6; e++) {
      int j = nbr[6 * i + e];
      if (j < 0 || j < i) continue;
      d[6 * i + e] = d[6 * j + (e + 3) % 6] = ++nvars;
    }
  for (int i = 0; i < n; i++)
    for (int e = 0; e < 6; e++) {
      if (!d[6 * i + e]) continue;
      std::vector<int> holding;
      for (int a = 0; a < 6; a++)
        for (int b = a + 1; b < 6; b++)
          if ((a == e || b == e) && l[i][a * 6 + b]) holding.push_back(l[i][a * 6 + b]);
      s.add(-d[6 * i + e]);
      for (int v : holding) s.add(v);
      s.add(0);
      for (int v : holding) {
        s.add(-v);
        s.add(d[6 * i + e]);
        s.add(0);
      }
    }
  // at most want[k] lines of shape k (sequential counter); as the places
  // are n and the wants add up to n, exactly want[k].
  for (int k = 1; k <= 3; k++) {
    const std::vector<int> &y = byShape[k];
    int m = y.size(), c = want[k];
    if (c >= m) continue;
    if (c == 0) {
      for (int v : y) {
        s.add(-v);
        s.add(0);
      }
      continue;
    }
    std::vector<std::vector<int>> sc(m, std::vector<int>(c));
    for (auto &row : sc)
      for (auto &v : row) v = ++nvars;
    for (int i = 0; i < m; i++) {
      s.add(-y[i]), s.add(sc[i][0]), s.add(0);
      if (i == 0) continue;
      for (int j = 0; j < c; j++) s.add(-sc[i - 1][j]), s.add(sc[i][j]), s.add(0);
      for (int j = 1; j < c; j++) s.add(-y[i]), s.add(-sc[i - 1][j - 1]), s.add(sc[i][j]), s.add(0);
      s.add(-y[i]), s.add(-sc[i - 1][c - 1]), s.add(0);
    }
  }
  Deadline dl;
  dl.end = wall0 + limit * 1000;
  if (cpuLimit > 0) dl.cpuEnd = cpu0 + cpuLimit * 1000;
  s.connect_terminator(&dl);
  int solves = 0, cuts = 0;
  const char *status = "UNSAT";
  for (;;) {
    solves++;
    int res = s.solve();
    if (res == 20) break;
    if (res != 10) {
      status = "TIMEOUT";
      break;
    }
    std::vector<int> comp;
    int ncomp = components(n, nbr, [&](int p, int e) { return s.val(d[6 * p + e]) > 0; }, comp);
    if (ncomp == 1) {
      status = "SAT";
      break;
    }
    for (int k = 0; k < ncomp; k++) {
      for (int p = 0; p < n; p++)
        if (comp[p] == k)
          for (int e = 0; e < 6; e++) {
            int q = nbr[6 * p + e];
            if (q >= 0 && comp[q] != k) s.add(d[6 * p + e]);
          }
      s.add(0);
      cuts++;
    }
  }
  std::printf("%s %.3f %.3f %d %d\n", status, cpuMs() - cpu0, wallMs() - wall0, solves, cuts);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  double limit = 300, cpuLimit = 0;
  bool loop = false;
  const char *file = nullptr, *outFile = nullptr;
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp(argv[i], "-t") && i + 1 < argc) {
      limit = std::atof(argv[++i]);
    } else if (!std::strcmp(argv[i], "-cpu") && i + 1 < argc) {
      cpuLimit = std::atof(argv[++i]);
    } else if (!std::strcmp(argv[i], "-loop")) {
      loop = true;
    } else if (!std::strcmp(argv[i], "-o") && i + 1 < argc) {
      outFile = argv[++i];
    } else if (!file) {
      file = argv[i];
    } else {
      return fail("usage: tantrix-sat [-t SECONDS] [-cpu SECONDS] [-loop] [-o FILE] BOARD");
    }
  }
  if (!file) return fail("usage: tantrix-sat [-t SECONDS] [-cpu SECONDS] [-loop] [-o FILE] BOARD");
  std::ifstream in(file);
  if (!in) return fail(std::string("cannot read ") + file);
  int n = -1, colour = -1;
  std::vector<std::pair<int, int>> places;
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    lineNo++;
    std::istringstream ls(line);
    std::string a, b;
    if (!(ls >> a) || a[0] == '#') continue;
    if (n < 0) {
      if (a != "tantrix" || !(ls >> n) || n < 3) return fail(std::string(file) + ":" + std::to_string(lineNo) + ": expected tantrix N");
      colour = defaultColour(n);
      if (ls >> b) colour = colourOf((char)std::toupper(b[0]));
      continue;
    }
    ls.clear();
    std::istringstream ps(line);
    int q, r;
    if (!(ps >> q >> r)) return fail(std::string(file) + ":" + std::to_string(lineNo) + ": expected q r");
    places.push_back({q, r});
  }
  if (n < 0 || (int)places.size() != n) return fail(std::string(file) + ": wrong number of places");

  double cpu0 = cpuMs(), wall0 = wallMs();
  std::map<std::pair<int, int>, int> idx;
  for (int i = 0; i < n; i++) idx[places[i]] = i;
  std::vector<int> nbr(6 * n, -1);
  for (int i = 0; i < n; i++)
    for (int e = 0; e < 6; e++) {
      auto it = idx.find({places[i].first + kDirs[e][0], places[i].second + kDirs[e][1]});
      if (it != idx.end()) nbr[6 * i + e] = it->second;
    }
  int count[10];
  for (int t = 0; t < 10; t++) count[t] = t + 1 > n ? 0 : (n + 1 - (t + 1) + 9) / 10;

  if (loop) return loopOnly(n, colour, count, nbr, limit, cpuLimit);
  CaDiCaL::Solver s;
  int nvars = 0;
  auto newVar = [&]() { return ++nvars; };
  auto clause = [&](std::initializer_list<int> lits) {
    for (int l : lits) s.add(l);
    s.add(0);
  };
  // at most one of vs (sequential encoding).
  auto atMostOne = [&](const std::vector<int> &vs) {
    if (vs.size() < 2) return;
    int prev = 0;
    for (size_t i = 0; i < vs.size(); i++) {
      int cur = i + 1 < vs.size() ? newVar() : 0;
      if (cur) clause({-vs[i], cur});
      if (prev) {
        clause({-prev, -vs[i]});
        if (cur) clause({-prev, cur});
      }
      prev = cur;
    }
  };
  // x[i][c]: place i holds combo c (tile c/6, rotation c%6), 0 if left out.
  std::vector<std::vector<int>> x(n, std::vector<int>(60, 0));
  bool empty = false;
  for (int i = 0; i < n; i++) {
    std::vector<int> vs;
    for (int c = 0; c < 60; c++) {
      int t = c / 6, rot = c % 6;
      if (count[t] == 0) continue;
      bool ok = true;
      for (int e = 0; e < 6 && ok; e++)
        if (nbr[6 * i + e] < 0 && edgeColour(t, rot, e) == colour) ok = false;
      if (!ok) continue;
      x[i][c] = newVar();
      vs.push_back(x[i][c]);
    }
    if (vs.empty()) empty = true;
    for (int v : vs) s.add(v);
    s.add(0);
    atMostOne(vs);
  }
  // ec[edge][colour] for each edge between two places (from the place whose
  // edge is 0..2); edgeOf[6*i+e] is its index, or -1 on the rim.
  std::vector<int> edgeOf(6 * n, -1);
  std::vector<std::pair<int, int>> edges; // (place, edge) of the lower side
  for (int i = 0; i < n; i++)
    for (int e = 0; e < 3; e++) {
      int j = nbr[6 * i + e];
      if (j < 0) continue;
      edgeOf[6 * i + e] = edgeOf[6 * j + (e + 3) % 6] = (int)edges.size();
      edges.push_back({i, e});
    }
  std::vector<std::array<int, 3>> ec(edges.size());
  for (auto &a : ec) {
    for (int k = 0; k < 3; k++) a[k] = newVar();
    clause({-a[0], -a[1]});
    clause({-a[0], -a[2]});
    clause({-a[1], -a[2]});
  }
  for (int i = 0; i < n; i++)
    for (int c = 0; c < 60; c++) {
      if (!x[i][c]) continue;
      for (int e = 0; e < 6; e++) {
        int k = edgeOf[6 * i + e];
        if (k >= 0) clause({-x[i][c], ec[k][edgeColour(c / 6, c % 6, e)]});
      }
    }
  // Tile counts: y[i][t] ↔ place i holds tile t; at most count[t] of
  // y[.][t] (sequential counter s[i][j]: at least j+1 of the first i+1).
  for (int t = 0; t < 10; t++) {
    if (count[t] == 0) continue;
    std::vector<int> y(n);
    for (int i = 0; i < n; i++) {
      y[i] = newVar();
      for (int r = 0; r < 6; r++)
        if (x[i][6 * t + r]) clause({-x[i][6 * t + r], y[i]});
      s.add(-y[i]);
      for (int r = 0; r < 6; r++)
        if (x[i][6 * t + r]) s.add(x[i][6 * t + r]);
      s.add(0);
    }
    int k = count[t];
    if (k >= n) continue;
    std::vector<std::vector<int>> sc(n, std::vector<int>(k));
    for (int i = 0; i < n; i++)
      for (int j = 0; j < k; j++) sc[i][j] = newVar();
    for (int i = 0; i < n; i++) {
      clause({-y[i], sc[i][0]});
      if (i > 0) {
        for (int j = 0; j < k; j++) clause({-sc[i - 1][j], sc[i][j]});
        for (int j = 1; j < k; j++) clause({-y[i], -sc[i - 1][j - 1], sc[i][j]});
        clause({-y[i], -sc[i - 1][k - 1]});
      }
    }
  }

  Deadline dl;
  dl.end = wall0 + limit * 1000;
  if (cpuLimit > 0) dl.cpuEnd = cpu0 + cpuLimit * 1000;
  s.connect_terminator(&dl);
  int solves = 0, cuts = 0;
  const char *status = "UNSAT";
  std::vector<int> sol(n, -1);
  while (!empty) {
    solves++;
    int res = s.solve();
    if (res == 20) break;
    if (res != 10) {
      status = "TIMEOUT";
      break;
    }
    for (int i = 0; i < n; i++)
      for (int c = 0; c < 60; c++)
        if (x[i][c] && s.val(x[i][c]) > 0) sol[i] = c;
    // The loops of the designated colour.
    std::vector<int> comp;
    int ncomp = components(n, nbr, [&](int p, int e) { return edgeColour(sol[p] / 6, sol[p] % 6, e) == colour; }, comp);
    if (ncomp == 1) {
      status = "SAT";
      break;
    }
    for (int k = 0; k < ncomp; k++) {
      for (int p = 0; p < n; p++) {
        if (comp[p] != k) continue;
        for (int e = 0; e < 6; e++) {
          int q = nbr[6 * p + e];
          if (q >= 0 && comp[q] != k) s.add(ec[edgeOf[6 * p + e]][colour]);
        }
      }
      s.add(0);
      cuts++;
    }
  }
  std::printf("%s %.3f %.3f %d %d\n", status, cpuMs() - cpu0, wallMs() - wall0, solves, cuts);
  if (outFile && !std::strcmp(status, "SAT")) {
    FILE *f = std::fopen(outFile, "w");
    if (!f) return fail(std::string("cannot write ") + outFile);
    for (int i = 0; i < n; i++)
      std::fprintf(f, "%d %d %d %d\n", places[i].first, places[i].second, sol[i] / 6 + 1, sol[i] % 6);
    std::fclose(f);
  }
  return 0;
}
