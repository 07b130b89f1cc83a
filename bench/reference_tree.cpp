// A straight C++ port of the solver's 4x4 expectimax tree (game/solver/tree.py, make_tree_4x4),
// the yardstick bench/solver.py --per-node measures the Python tree and the kernel against.
//
// Same layout (4 bits a cell, row r in bits 16r..16r+15, cell c of a row in bits 4c..4c+3),
// same 65,536-entry row tables, same heuristic (nneonneo/2048-ai's weights, as row_heuristic in
// game/solver/search.py), same tree: player nodes take the best of LEFT, RIGHT, UP, DOWN (in
// that order); chance nodes average every empty cell in ascending bit order, the 2 before the
// 4; a line below probability 1e-4 or at full depth ends in the heuristic; a lost board is
// worth its heuristic minus the alive bonus; chance nodes are cached per remaining depth.
//
// Its scores must equal the Python tree's bit for bit, so every floating-point expression
// below keeps Python's order of operations. Build with -O2 -ffp-contract=off (a fused
// multiply-add would round differently), e.g.
//     g++ -std=c++17 -O2 -ffp-contract=off reference_tree.cpp -o reference_tree
//
// Input, one board a line: the board as 64-bit hex and the depth (player moves, the root's
// included), e.g. "0x1000000000000102 6". Output, one line a board: the scores of UP, DOWN,
// LEFT, RIGHT (-inf for a move that changes nothing; "%.17g" so they read back exactly), the
// nodes visited and the nanoseconds the search took (tables built beforehand, not counted).
//
// Nodes: every call of player() and chance(), including chance calls answered from the
// transposition table and player calls at the last level (which judge their moves by the
// heuristic without calling anything). The root is not a node: like Searcher.search, it
// calls chance() for each valid move (or, at depth 1, takes the heuristic of each child).

#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <unordered_map>
#include <vector>

namespace {

using Board = uint64_t;

// The weights of search.py's Weights (nneonneo/2048-ai's published values).
const double kLostPenalty = 200000.0;
const double kMonotonicityPower = 4.0;
const double kMonotonicity = 47.0;
const double kSumPower = 3.5;
const double kSum = 11.0;
const double kMerges = 700.0;
const double kEmpty = 270.0;

const double kThreshold = 1e-4;                // search.py's PROB_THRESHOLD
const double kFour = 0.1;                      // the rules' FOUR_PROBABILITY
const double kTwo = 1.0 - kFour;               // computed as tree.py does: 1.0 - 0.1
const double kAliveBonus = 2 * 4 * kLostPenalty;  // Searcher.alive_bonus on 4x4
const int kMaxExponent = 15;                   // two 32768 tiles do not merge on this layout
const double kUnsearched = -std::numeric_limits<double>::infinity();

uint16_t L[65536], R[65536];
Board SP[65536], CL[65536], CR[65536];
double H[65536], HL[65536], HR[65536];

// bitboard.slide_exponents: slide toward index 0, each tile merging at most once.
void slide(const int in[4], int out[4]) {
  int n = 0;
  bool can_merge = false;
  for (int c = 0; c < 4; ++c) {
    int value = in[c];
    if (!value) continue;
    if (can_merge && out[n - 1] == value && value != kMaxExponent) {
      out[n - 1] = value + 1;
      can_merge = false;
    } else {
      out[n++] = value;
      can_merge = true;
    }
  }
  while (n < 4) out[n++] = 0;
}

// search.row_heuristic, operation for operation. std::pow is the same C pow Python's ** calls.
double row_heuristic(const int cells[4]) {
  double total = 0.0;
  int empty = 0, merges = 0, previous = 0, run = 0;
  for (int c = 0; c < 4; ++c) {
    int rank = cells[c];
    total += std::pow(static_cast<double>(rank), kSumPower);
    if (rank == 0) {
      ++empty;
    } else {
      if (previous == rank) {
        ++run;
      } else if (run > 0) {
        merges += 1 + run;
        run = 0;
      }
      previous = rank;
    }
  }
  if (run > 0) merges += 1 + run;
  double toward_start = 0.0, toward_end = 0.0;
  for (int c = 0; c < 3; ++c) {
    double a = std::pow(static_cast<double>(cells[c]), kMonotonicityPower);
    double b = std::pow(static_cast<double>(cells[c + 1]), kMonotonicityPower);
    if (cells[c] > cells[c + 1])
      toward_start += a - b;
    else
      toward_end += b - a;
  }
  // Python's min(x, y) is y only when y < x.
  double smaller = toward_end < toward_start ? toward_end : toward_start;
  return kLostPenalty + kEmpty * empty + kMerges * merges - kMonotonicity * smaller - kSum * total;
}

void build_tables() {
  for (int row = 0; row < 65536; ++row) {
    int cells[4], moved[4], reversed[4];
    for (int c = 0; c < 4; ++c) cells[c] = (row >> (4 * c)) & 0xF;
    slide(cells, moved);
    L[row] = static_cast<uint16_t>(moved[0] | moved[1] << 4 | moved[2] << 8 | moved[3] << 12);
    for (int c = 0; c < 4; ++c) reversed[c] = cells[3 - c];
    slide(reversed, moved);
    R[row] = static_cast<uint16_t>(moved[3] | moved[2] << 4 | moved[1] << 8 | moved[0] << 12);
    Board spread = 0;
    for (int c = 0; c < 4; ++c) spread |= static_cast<Board>(cells[c]) << (16 * c);
    SP[row] = spread;
    H[row] = row_heuristic(cells);
  }
  for (int row = 0; row < 65536; ++row) {
    CL[row] = SP[L[row]];
    CR[row] = SP[R[row]];
    HL[row] = H[L[row]];
    HR[row] = H[R[row]];
  }
}

class Tree {
 public:
  explicit Tree(int depth) : caches_(depth + 1) {}
  uint64_t nodes = 0;

  double leaf(Board board) const {
    Board r0 = board & 0xFFFF, r1 = (board >> 16) & 0xFFFF, r2 = (board >> 32) & 0xFFFF,
          r3 = board >> 48;
    Board t = SP[r0] | SP[r1] << 4 | SP[r2] << 8 | SP[r3] << 12;
    return H[r0] + H[r1] + H[r2] + H[r3] + H[t & 0xFFFF] + H[(t >> 16) & 0xFFFF] +
           H[(t >> 32) & 0xFFFF] + H[t >> 48];
  }

  double player(Board board, double cprob, int remaining) {
    ++nodes;
    Board r0 = board & 0xFFFF, r1 = (board >> 16) & 0xFFFF, r2 = (board >> 32) & 0xFFFF,
          r3 = board >> 48;
    Board t = SP[r0] | SP[r1] << 4 | SP[r2] << 8 | SP[r3] << 12;
    Board c0 = t & 0xFFFF, c1 = (t >> 16) & 0xFFFF, c2 = (t >> 32) & 0xFFFF, c3 = t >> 48;
    double best = kUnsearched;
    if (remaining == 0 || cprob < kThreshold) {
      // The children are leaves, summed in the order tree.py sums them (rows, then columns).
      Board tc = CL[r0] | CL[r1] << 4 | CL[r2] << 8 | CL[r3] << 12;  // LEFT, transposed
      if (tc != t) {
        double value = HL[r0] + HL[r1] + HL[r2] + HL[r3] + H[tc & 0xFFFF] +
                       H[(tc >> 16) & 0xFFFF] + H[(tc >> 32) & 0xFFFF] + H[tc >> 48];
        if (value > best) best = value;
      }
      tc = CR[r0] | CR[r1] << 4 | CR[r2] << 8 | CR[r3] << 12;  // RIGHT, transposed
      if (tc != t) {
        double value = HR[r0] + HR[r1] + HR[r2] + HR[r3] + H[tc & 0xFFFF] +
                       H[(tc >> 16) & 0xFFFF] + H[(tc >> 32) & 0xFFFF] + H[tc >> 48];
        if (value > best) best = value;
      }
      Board child = CL[c0] | CL[c1] << 4 | CL[c2] << 8 | CL[c3] << 12;  // UP
      if (child != board) {
        double value = H[child & 0xFFFF] + H[(child >> 16) & 0xFFFF] +
                       H[(child >> 32) & 0xFFFF] + H[child >> 48] + HL[c0] + HL[c1] + HL[c2] +
                       HL[c3];
        if (value > best) best = value;
      }
      child = CR[c0] | CR[c1] << 4 | CR[c2] << 8 | CR[c3] << 12;  // DOWN
      if (child != board) {
        double value = H[child & 0xFFFF] + H[(child >> 16) & 0xFFFF] +
                       H[(child >> 32) & 0xFFFF] + H[child >> 48] + HR[c0] + HR[c1] + HR[c2] +
                       HR[c3];
        if (value > best) best = value;
      }
      return best != kUnsearched ? best : leaf(board) - kAliveBonus;
    }
    const Board children[4] = {
        static_cast<Board>(L[r0]) | static_cast<Board>(L[r1]) << 16 |
            static_cast<Board>(L[r2]) << 32 | static_cast<Board>(L[r3]) << 48,
        static_cast<Board>(R[r0]) | static_cast<Board>(R[r1]) << 16 |
            static_cast<Board>(R[r2]) << 32 | static_cast<Board>(R[r3]) << 48,
        CL[c0] | CL[c1] << 4 | CL[c2] << 8 | CL[c3] << 12,
        CR[c0] | CR[c1] << 4 | CR[c2] << 8 | CR[c3] << 12,
    };
    for (Board child : children) {
      if (child != board) {
        double value = chance(child, cprob, remaining);
        if (value > best) best = value;
      }
    }
    return best != kUnsearched ? best : leaf(board) - kAliveBonus;
  }

  double chance(Board board, double cprob, int remaining) {
    ++nodes;
    auto& cache = caches_[remaining];
    auto found = cache.find(board);
    if (found != cache.end()) return found->second;
    // The empty cells in ascending bit order: tree.py's E0[r0] + E1[r1] + E2[r2] + E3[r3].
    Board cells[16];
    int count = 0;
    for (int shift = 0; shift < 64; shift += 4)
      if (((board >> shift) & 0xF) == 0) cells[count++] = Board{1} << shift;
    double prob_two = cprob * kTwo / count;
    double prob_four = cprob * kFour / count;
    int below = remaining - 1;
    double total = 0.0;
    for (int i = 0; i < count; ++i) {
      // Python evaluates the 2's term before the 4's; C++ leaves the order of operands
      // unspecified, and the cache makes the order visible, so it is fixed here.
      double two = kTwo * player(board | cells[i], prob_two, below);
      double four = kFour * player(board | cells[i] << 1, prob_four, below);
      total += two + four;
    }
    double value = total / count;
    cache[board] = value;
    return value;
  }

  // One root move's child, as Layout.move computes it; moves in DIRECTIONS order.
  static Board move(Board board, int direction) {
    Board r0 = board & 0xFFFF, r1 = (board >> 16) & 0xFFFF, r2 = (board >> 32) & 0xFFFF,
          r3 = board >> 48;
    Board t = SP[r0] | SP[r1] << 4 | SP[r2] << 8 | SP[r3] << 12;
    Board c0 = t & 0xFFFF, c1 = (t >> 16) & 0xFFFF, c2 = (t >> 32) & 0xFFFF, c3 = t >> 48;
    switch (direction) {
      case 0:  // UP
        return CL[c0] | CL[c1] << 4 | CL[c2] << 8 | CL[c3] << 12;
      case 1:  // DOWN
        return CR[c0] | CR[c1] << 4 | CR[c2] << 8 | CR[c3] << 12;
      case 2:  // LEFT
        return static_cast<Board>(L[r0]) | static_cast<Board>(L[r1]) << 16 |
               static_cast<Board>(L[r2]) << 32 | static_cast<Board>(L[r3]) << 48;
      default:  // RIGHT
        return static_cast<Board>(R[r0]) | static_cast<Board>(R[r1]) << 16 |
               static_cast<Board>(R[r2]) << 32 | static_cast<Board>(R[r3]) << 48;
    }
  }

 private:
  // caches_[r]: chance nodes with r player moves left below them, one table a search.
  std::vector<std::unordered_map<Board, double>> caches_;
};

}  // namespace

int main() {
  build_tables();
  char line[256];
  while (std::fgets(line, sizeof line, stdin)) {
    uint64_t board;
    int depth;
    if (std::sscanf(line, "%" SCNx64 " %d", &board, &depth) != 2) continue;
    if (depth < 1) depth = 1;
    auto start = std::chrono::steady_clock::now();
    // Searcher._search_depth: the root's moves in DIRECTIONS order, sharing one set of caches.
    Tree tree(depth);
    double scores[4];
    for (int m = 0; m < 4; ++m) {
      Board child = Tree::move(board, m);
      if (child == board)
        scores[m] = kUnsearched;
      else if (depth == 1)
        scores[m] = tree.leaf(child);
      else
        scores[m] = tree.chance(child, 1.0, depth - 1);
    }
    auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                  std::chrono::steady_clock::now() - start)
                  .count();
    std::printf("%.17g %.17g %.17g %.17g %" PRIu64 " %lld\n", scores[0], scores[1], scores[2],
                scores[3], tree.nodes, static_cast<long long>(ns));
    std::fflush(stdout);
  }
  return 0;
}
