/* The solver's expectimax tree, compiled: the same tree as game/solver/tree.py, score for score.
 *
 * An accelerator only. game/solver/tree.py is the reference and the fallback; every score this
 * file returns equals the Python tree's bit for bit (tests/test_solver_kernel.py holds them to
 * it), so it mirrors that tree's every choice:
 *   - the children of a player node in the order left, right, up, down; the empty cells of a
 *     chance node row by row, each row by column; the 2's child searched before the 4's (a
 *     chance node's value is kept in the transposition table the first time it is met, with
 *     the probability of that line, so the order of visits is part of the answer);
 *   - the same sums of doubles in the same order, and no fused multiply-add (the compiler is
 *     told not to contract, below and in setup.py);
 *   - one transposition table per remaining depth, exact (nothing evicted), kept by a Caches
 *     object across the depths of one search as the Python tree keeps its dicts.
 * The deadline is checked at inner player nodes, as in Python, but only every 64th one: the
 * clock costs more than a node here. A search past its deadline returns None, and the values
 * of the chance nodes finished before it stay, as in Python.
 *
 * Two trees: Tree4 for the fast 4x4 layout (a 64-bit board, full row tables handed in by
 * Python), TreeN for every other layout (a board as rows of up to 56 bits, moves computed
 * here, the heuristic of a row asked of Python's table the first time a row is met).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(_MSC_VER)
#pragma fp_contract(off)
#endif

#ifdef _WIN32
#include <windows.h>
static double now_s(void) {
    static LARGE_INTEGER frequency;
    LARGE_INTEGER count;
    if (!frequency.QuadPart) QueryPerformanceFrequency(&frequency);
    QueryPerformanceCounter(&count);
    return (double)count.QuadPart / (double)frequency.QuadPart;
}
#else
#include <time.h>
static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}
#endif

#define MAX_ROWS 8
#define CLOCK_EVERY 64

/* -- an exact hash map: keys of `width` 64-bit words (never all zero), values double ------- */

typedef struct {
    uint64_t *keys; /* capacity * width words; an all-zero key is an empty slot */
    double *values;
    size_t capacity; /* a power of two, or 0 before the first insert */
    size_t count;
    int width;
} Map;

static uint64_t mix(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

static size_t key_hash(const uint64_t *key, int width) {
    uint64_t h = 0;
    for (int i = 0; i < width; i++) h = mix(h ^ key[i]);
    return (size_t)h;
}

static int key_empty(const uint64_t *key, int width) {
    for (int i = 0; i < width; i++)
        if (key[i]) return 0;
    return 1;
}

static void map_free(Map *map) {
    PyMem_Free(map->keys);
    PyMem_Free(map->values);
    map->keys = NULL;
    map->values = NULL;
    map->capacity = map->count = 0;
}

/* The slot holding `key`, or the empty slot where it would go. */
static size_t map_slot(const Map *map, const uint64_t *key) {
    size_t mask = map->capacity - 1;
    size_t i = key_hash(key, map->width) & mask;
    for (;;) {
        const uint64_t *at = map->keys + i * map->width;
        if (key_empty(at, map->width) || !memcmp(at, key, sizeof(uint64_t) * map->width))
            return i;
        i = (i + 1) & mask;
    }
}

static int map_get(const Map *map, const uint64_t *key, double *value) {
    if (!map->capacity) return 0;
    size_t i = map_slot(map, key);
    if (key_empty(map->keys + i * map->width, map->width)) return 0;
    *value = map->values[i];
    return 1;
}

static int map_grow(Map *map) {
    size_t capacity = map->capacity ? map->capacity * 2 : 1024;
    Map bigger = {NULL, NULL, capacity, 0, map->width};
    bigger.keys = PyMem_Calloc(capacity * map->width, sizeof(uint64_t));
    bigger.values = PyMem_Malloc(capacity * sizeof(double));
    if (!bigger.keys || !bigger.values) {
        map_free(&bigger);
        return -1;
    }
    for (size_t i = 0; i < map->capacity; i++) {
        const uint64_t *key = map->keys + i * map->width;
        if (key_empty(key, map->width)) continue;
        size_t j = map_slot(&bigger, key);
        memcpy(bigger.keys + j * map->width, key, sizeof(uint64_t) * map->width);
        bigger.values[j] = map->values[i];
        bigger.count++;
    }
    map_free(map);
    *map = bigger;
    return 0;
}

static int map_put(Map *map, const uint64_t *key, double value) {
    if ((map->count + 1) * 2 > map->capacity && map_grow(map) < 0) return -1;
    size_t i = map_slot(map, key);
    uint64_t *at = map->keys + i * map->width;
    if (key_empty(at, map->width)) {
        memcpy(at, key, sizeof(uint64_t) * map->width);
        map->count++;
    }
    map->values[i] = value;
    return 0;
}

static void map_clear(Map *map) {
    if (map->count) memset(map->keys, 0, map->capacity * map->width * sizeof(uint64_t));
    map->count = 0;
}

/* -- Caches: the transposition tables of one search, one per remaining depth ---------------- */

typedef struct {
    PyObject_HEAD
    Map *maps;
    int levels;
    unsigned long long nodes; /* player and chance nodes visited, cache hits included */
} Caches;

static void Caches_dealloc(Caches *self) {
    if (self->maps) {
        for (int i = 0; i < self->levels; i++) map_free(&self->maps[i]);
        PyMem_Free(self->maps);
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Caches_init(Caches *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"levels", "width", NULL};
    int levels, width;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "ii", names, &levels, &width)) return -1;
    if (levels < 1 || levels > 64 || width < 1 || width > MAX_ROWS) {
        PyErr_SetString(PyExc_ValueError, "levels must be 1 to 64 and width 1 to 8");
        return -1;
    }
    if (self->maps) return 0; /* __init__ called twice: keep the first */
    self->maps = PyMem_Calloc(levels, sizeof(Map));
    if (!self->maps) {
        PyErr_NoMemory();
        return -1;
    }
    self->levels = levels;
    for (int i = 0; i < levels; i++) self->maps[i].width = width;
    return 0;
}

static PyObject *Caches_len(Caches *self, PyObject *Py_UNUSED(ignored)) {
    size_t total = 0;
    for (int i = 0; i < self->levels; i++) total += self->maps[i].count;
    return PyLong_FromSize_t(total);
}

static PyObject *Caches_get_nodes(Caches *self, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(self->nodes);
}

static PyMethodDef Caches_methods[] = {
    {"entries", (PyCFunction)Caches_len, METH_NOARGS, "The chance nodes kept, at all depths."},
    {NULL},
};

static PyGetSetDef Caches_getset[] = {
    {"nodes", (getter)Caches_get_nodes, NULL, "Player and chance nodes visited so far.", NULL},
    {NULL},
};

static PyTypeObject CachesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "game.solver._kernel.Caches",
    .tp_basicsize = sizeof(Caches),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Caches(levels, width): the chance nodes' values, one table per remaining depth.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Caches_init,
    .tp_dealloc = (destructor)Caches_dealloc,
    .tp_methods = Caches_methods,
    .tp_getset = Caches_getset,
};

/* -- one search's state -------------------------------------------------------------------- */

enum { RUNNING = 0, OUT_OF_TIME = 1, FAILED = 2 }; /* FAILED: a Python error is set */

typedef struct {
    Caches *caches;
    double deadline; /* on now_s()'s clock; INFINITY for none */
    unsigned clock_countdown;
    int status;
} Search;

static int past_deadline(Search *s) {
    if (s->deadline == INFINITY) return 0;
    if (--s->clock_countdown) return 0;
    s->clock_countdown = CLOCK_EVERY;
    if (now_s() > s->deadline) {
        s->status = OUT_OF_TIME;
        return 1;
    }
    return 0;
}

static int start_search(Search *s, Caches *caches, int remaining, double seconds_left) {
    if (remaining < 0 || remaining >= caches->levels) {
        PyErr_SetString(PyExc_ValueError, "remaining depth outside the caches");
        return -1;
    }
    s->caches = caches;
    s->deadline = seconds_left == INFINITY ? INFINITY : now_s() + seconds_left;
    s->clock_countdown = 1; /* the first inner node looks at the clock, as Python's does */
    s->status = RUNNING;
    return 0;
}

/* A finished value, None past the deadline, NULL with an error set. */
static PyObject *search_answer(Search *s, double value) {
    if (s->status == OUT_OF_TIME) Py_RETURN_NONE;
    if (s->status == FAILED) return NULL;
    return PyFloat_FromDouble(value);
}

/* -- Tree4: the fast 4x4 layout ------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    uint16_t *left, *right;     /* row -> moved row */
    uint64_t *spread;           /* row -> its cells down column 0 of the transposed board */
    uint64_t *col_left, *col_right;
    double *heur, *heur_left, *heur_right; /* row -> heuristic; of the row moved left, right */
    double threshold, alive_bonus, p_two, p_four;
} Tree4;

static void Tree4_dealloc(Tree4 *self) {
    PyMem_Free(self->left);
    PyMem_Free(self->right);
    PyMem_Free(self->spread);
    PyMem_Free(self->col_left);
    PyMem_Free(self->col_right);
    PyMem_Free(self->heur);
    PyMem_Free(self->heur_left);
    PyMem_Free(self->heur_right);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* 65,536 unsigned integers (below `limit`) or floats from a Python sequence. */
static int read_ints(PyObject *seq, uint64_t *out, uint64_t limit) {
    PyObject *fast = PySequence_Fast(seq, "a row table must be a sequence");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 65536) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "a 4x4 row table has 65536 entries");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < 65536; i++) {
        unsigned long long value = PyLong_AsUnsignedLongLong(items[i]);
        if (PyErr_Occurred() || value >= limit) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a row out of range");
            return -1;
        }
        out[i] = value;
    }
    Py_DECREF(fast);
    return 0;
}

static int read_floats(PyObject *seq, double *out) {
    PyObject *fast = PySequence_Fast(seq, "a heuristic table must be a sequence");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 65536) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "a 4x4 row table has 65536 entries");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < 65536; i++) {
        out[i] = PyFloat_AsDouble(items[i]);
        if (out[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int Tree4_init(Tree4 *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"left",      "right",       "spread",   "heuristic",
                            "threshold", "alive_bonus", "p_four",   NULL};
    PyObject *left, *right, *spread, *heur;
    double threshold, alive_bonus, p_four;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOddd", names, &left, &right, &spread, &heur,
                                     &threshold, &alive_bonus, &p_four))
        return -1;
    if (self->left) return 0; /* __init__ called twice: keep the first */
    uint64_t *wide = PyMem_Malloc(65536 * sizeof(uint64_t));
    self->left = PyMem_Malloc(65536 * sizeof(uint16_t));
    self->right = PyMem_Malloc(65536 * sizeof(uint16_t));
    self->spread = PyMem_Malloc(65536 * sizeof(uint64_t));
    self->col_left = PyMem_Malloc(65536 * sizeof(uint64_t));
    self->col_right = PyMem_Malloc(65536 * sizeof(uint64_t));
    self->heur = PyMem_Malloc(65536 * sizeof(double));
    self->heur_left = PyMem_Malloc(65536 * sizeof(double));
    self->heur_right = PyMem_Malloc(65536 * sizeof(double));
    if (!wide || !self->left || !self->right || !self->spread || !self->col_left ||
        !self->col_right || !self->heur || !self->heur_left || !self->heur_right) {
        PyMem_Free(wide);
        PyErr_NoMemory();
        return -1;
    }
    int failed = read_ints(left, wide, 65536) < 0;
    for (int i = 0; !failed && i < 65536; i++) self->left[i] = (uint16_t)wide[i];
    failed = failed || read_ints(right, wide, 65536) < 0;
    for (int i = 0; !failed && i < 65536; i++) self->right[i] = (uint16_t)wide[i];
    PyMem_Free(wide);
    if (failed || read_ints(spread, self->spread, UINT64_MAX) < 0 ||
        read_floats(heur, self->heur) < 0)
        return -1;
    for (int i = 0; i < 65536; i++) {
        self->col_left[i] = self->spread[self->left[i]];
        self->col_right[i] = self->spread[self->right[i]];
        self->heur_left[i] = self->heur[self->left[i]];
        self->heur_right[i] = self->heur[self->right[i]];
    }
    self->threshold = threshold;
    self->alive_bonus = alive_bonus;
    self->p_two = 1.0 - p_four;
    self->p_four = p_four;
    return 0;
}

#define ROW(b, i) ((uint16_t)((b) >> (16 * (i))))

static double leaf4(const Tree4 *t, uint64_t board) {
    const double *H = t->heur;
    const uint64_t *SP = t->spread;
    uint16_t r0 = ROW(board, 0), r1 = ROW(board, 1), r2 = ROW(board, 2), r3 = ROW(board, 3);
    uint64_t c = SP[r0] | SP[r1] << 4 | SP[r2] << 8 | SP[r3] << 12;
    return H[r0] + H[r1] + H[r2] + H[r3] + H[ROW(c, 0)] + H[ROW(c, 1)] + H[ROW(c, 2)] +
           H[ROW(c, 3)];
}

static uint64_t transpose4(const Tree4 *t, uint64_t board) {
    const uint64_t *SP = t->spread;
    return SP[ROW(board, 0)] | SP[ROW(board, 1)] << 4 | SP[ROW(board, 2)] << 8 |
           SP[ROW(board, 3)] << 12;
}

/* A board's four moves in the tree's order (left, right, up, down), from its rows and from
 * `tr`, its transpose. */
static void moves4(const Tree4 *t, uint64_t board, uint64_t tr, uint64_t out[4]) {
    const uint16_t *L = t->left, *R = t->right;
    const uint64_t *CL = t->col_left, *CR = t->col_right;
    uint16_t r0 = ROW(board, 0), r1 = ROW(board, 1), r2 = ROW(board, 2), r3 = ROW(board, 3);
    uint16_t c0 = ROW(tr, 0), c1 = ROW(tr, 1), c2 = ROW(tr, 2), c3 = ROW(tr, 3);
    out[0] = (uint64_t)L[r0] | (uint64_t)L[r1] << 16 | (uint64_t)L[r2] << 32 | (uint64_t)L[r3] << 48;
    out[1] = (uint64_t)R[r0] | (uint64_t)R[r1] << 16 | (uint64_t)R[r2] << 32 | (uint64_t)R[r3] << 48;
    out[2] = CL[c0] | CL[c1] << 4 | CL[c2] << 8 | CL[c3] << 12;
    out[3] = CR[c0] | CR[c1] << 4 | CR[c2] << 8 | CR[c3] << 12;
}

static double chance4(const Tree4 *t, Search *s, uint64_t board, double cprob, int remaining);

static double player4(const Tree4 *t, Search *s, uint64_t board, double cprob, int remaining) {
    const uint64_t *SP = t->spread, *CL = t->col_left, *CR = t->col_right;
    const double *H = t->heur;
    s->caches->nodes++;
    uint16_t r0 = ROW(board, 0), r1 = ROW(board, 1), r2 = ROW(board, 2), r3 = ROW(board, 3);
    uint64_t tr = SP[r0] | SP[r1] << 4 | SP[r2] << 8 | SP[r3] << 12;
    uint16_t c0 = ROW(tr, 0), c1 = ROW(tr, 1), c2 = ROW(tr, 2), c3 = ROW(tr, 3);
    double best = -INFINITY;
    if (remaining == 0 || cprob < t->threshold) {
        /* The children are leaves; the same sums, in the same order, as tree.py's. */
        const double *HL = t->heur_left, *HR = t->heur_right;
        uint64_t tc = CL[r0] | CL[r1] << 4 | CL[r2] << 8 | CL[r3] << 12;
        if (tc != tr) {
            double value = HL[r0] + HL[r1] + HL[r2] + HL[r3] + H[ROW(tc, 0)] + H[ROW(tc, 1)] +
                           H[ROW(tc, 2)] + H[ROW(tc, 3)];
            if (value > best) best = value;
        }
        tc = CR[r0] | CR[r1] << 4 | CR[r2] << 8 | CR[r3] << 12;
        if (tc != tr) {
            double value = HR[r0] + HR[r1] + HR[r2] + HR[r3] + H[ROW(tc, 0)] + H[ROW(tc, 1)] +
                           H[ROW(tc, 2)] + H[ROW(tc, 3)];
            if (value > best) best = value;
        }
        uint64_t child = CL[c0] | CL[c1] << 4 | CL[c2] << 8 | CL[c3] << 12;
        if (child != board) {
            double value = H[ROW(child, 0)] + H[ROW(child, 1)] + H[ROW(child, 2)] +
                           H[ROW(child, 3)] + HL[c0] + HL[c1] + HL[c2] + HL[c3];
            if (value > best) best = value;
        }
        child = CR[c0] | CR[c1] << 4 | CR[c2] << 8 | CR[c3] << 12;
        if (child != board) {
            double value = H[ROW(child, 0)] + H[ROW(child, 1)] + H[ROW(child, 2)] +
                           H[ROW(child, 3)] + HR[c0] + HR[c1] + HR[c2] + HR[c3];
            if (value > best) best = value;
        }
        return best != -INFINITY ? best : leaf4(t, board) - t->alive_bonus;
    }
    if (past_deadline(s)) return 0.0;
    uint64_t children[4];
    moves4(t, board, tr, children);
    for (int i = 0; i < 4; i++) {
        if (children[i] == board) continue;
        double value = chance4(t, s, children[i], cprob, remaining);
        if (s->status) return 0.0;
        if (value > best) best = value;
    }
    return best != -INFINITY ? best : leaf4(t, board) - t->alive_bonus;
}

static double chance4(const Tree4 *t, Search *s, uint64_t board, double cprob, int remaining) {
    Map *cache = &s->caches->maps[remaining];
    double value;
    s->caches->nodes++;
    if (map_get(cache, &board, &value)) return value;
    uint64_t cells[16];
    int count = 0;
    for (int i = 0; i < 16; i++)
        if (!((board >> (4 * i)) & 0xF)) cells[count++] = (uint64_t)1 << (4 * i);
    double prob_two = cprob * t->p_two / (double)count;
    double prob_four = cprob * t->p_four / (double)count;
    int below = remaining - 1;
    double total = 0.0;
    for (int i = 0; i < count; i++) {
        double two = player4(t, s, board | cells[i], prob_two, below);
        if (s->status) return 0.0;
        double four = player4(t, s, board | cells[i] << 1, prob_four, below);
        if (s->status) return 0.0;
        double a = t->p_two * two;
        double b = t->p_four * four;
        total += a + b;
    }
    value = total / (double)count;
    if (map_put(cache, &board, value) < 0) {
        PyErr_NoMemory();
        s->status = FAILED;
    }
    return value;
}

static PyObject *Tree4_leaf(Tree4 *self, PyObject *arg) {
    uint64_t board = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    return PyFloat_FromDouble(leaf4(self, board));
}

static PyObject *Tree4_chance(Tree4 *self, PyObject *args) {
    Caches *caches;
    unsigned long long board;
    double cprob, seconds_left;
    int remaining;
    if (!PyArg_ParseTuple(args, "O!Kdid", &CachesType, &caches, &board, &cprob, &remaining,
                          &seconds_left))
        return NULL;
    if (caches->maps[0].width != 1) {
        PyErr_SetString(PyExc_ValueError, "a 4x4 board's caches have width 1");
        return NULL;
    }
    Search s;
    if (start_search(&s, caches, remaining, seconds_left) < 0) return NULL;
    if (remaining < 1) {
        PyErr_SetString(PyExc_ValueError, "a chance node has at least one move below it");
        return NULL;
    }
    double value = chance4(self, &s, board, cprob, remaining);
    return search_answer(&s, value);
}

/* -- rollouts: games played on from a board, as game/solver/rollout.py plays them ---------- */

/* splitmix64, the generator rollout.py's SplitMix64 is, step for step. */
static uint64_t next_random(uint64_t *state) {
    *state += 0x9e3779b97f4a7c15ULL;
    return mix(*state);
}

/* A new tile in an empty cell (row by row, uniformly), a 4 with probability p_four. */
static uint64_t spawn4(const Tree4 *t, uint64_t board, uint64_t *rng) {
    int cells[16], count = 0;
    for (int i = 0; i < 16; i++)
        if (!((board >> (4 * i)) & 0xF)) cells[count++] = i;
    if (!count) return board;
    int cell = cells[next_random(rng) % (uint64_t)count];
    double roll = (double)(next_random(rng) >> 11) * 0x1.0p-53;
    return board | (uint64_t)(roll < t->p_four ? 2 : 1) << (4 * cell);
}

static int biggest4(uint64_t board) {
    int top = 0;
    for (int i = 0; i < 16; i++) {
        int e = (int)((board >> (4 * i)) & 0xF);
        if (e > top) top = e;
    }
    return top;
}

/* The move a fixed-depth search picks (UP, DOWN, LEFT, RIGHT: 0 to 3; the first of equal
 * scores), with fresh tables as Searcher.search(board, depth=d) has; -1 when none moves. */
static int best_move4(const Tree4 *t, Search *s, uint64_t board, int depth, uint64_t *after) {
    static const int in_tree_order[4] = {2, 3, 0, 1}; /* UP, DOWN, LEFT, RIGHT among moves4's */
    uint64_t moves[4], children[4];
    moves4(t, board, transpose4(t, board), moves);
    for (int m = 0; m < 4; m++) children[m] = moves[in_tree_order[m]];
    for (int level = 0; level < s->caches->levels; level++) map_clear(&s->caches->maps[level]);
    int best = -1;
    double best_score = -INFINITY;
    for (int m = 0; m < 4; m++) {
        if (children[m] == board) continue;
        double score = depth == 1 ? leaf4(t, children[m])
                                  : chance4(t, s, children[m], 1.0, depth - 1);
        if (s->status) return -1;
        if (best < 0 || score > best_score) {
            best = m;
            best_score = score;
        }
    }
    if (best >= 0) *after = children[best];
    return best;
}

static PyObject *Tree4_rollouts(Tree4 *self, PyObject *args) {
    unsigned long long board, seed;
    int games, depth, max_moves, target;
    if (!PyArg_ParseTuple(args, "KiiiiK", &board, &games, &depth, &max_moves, &target, &seed))
        return NULL;
    if (games < 0 || depth < 1 || depth > 8 || max_moves < 0) {
        PyErr_SetString(PyExc_ValueError, "games >= 0, depth 1 to 8, max_moves >= 0");
        return NULL;
    }
    Map maps[9];
    memset(maps, 0, sizeof maps);
    for (int i = 0; i < 9; i++) maps[i].width = 1;
    Caches caches;
    caches.maps = maps;
    caches.levels = depth + 1;
    caches.nodes = 0;
    Search s = {&caches, INFINITY, 1, RUNNING};
    long reached = 0, survived = 0, lasted = 0;
    for (int game = 0; game < games && !s.status; game++) {
        uint64_t rng = seed ^ ((uint64_t)game * 0x9e3779b97f4a7c15ULL);
        uint64_t now = spawn4(self, board, &rng);
        int made = biggest4(now) >= target, alive = 1;
        for (int move = 0; move < max_moves; move++) {
            uint64_t after;
            if (best_move4(self, &s, now, depth, &after) < 0) {
                alive = 0;
                break;
            }
            now = spawn4(self, after, &rng);
            lasted++;
            if (biggest4(now) >= target) made = 1;
        }
        reached += made;
        survived += alive && !s.status;
    }
    for (int i = 0; i < 9; i++) map_free(&maps[i]);
    if (s.status) return NULL; /* only a failure of memory: the tables' growth */
    return Py_BuildValue("lll", reached, survived, lasted);
}

static PyMethodDef Tree4_methods[] = {
    {"leaf", (PyCFunction)Tree4_leaf, METH_O, "leaf(board): the heuristic of a board."},
    {"chance", (PyCFunction)Tree4_chance, METH_VARARGS,
     "chance(caches, board, cprob, remaining, seconds_left): a chance node's value, None when "
     "the time ran out."},
    {"rollouts", (PyCFunction)Tree4_rollouts, METH_VARARGS,
     "rollouts(board, games, depth, max_moves, target, seed): (reached, survived, "
     "moves), as game/solver/rollout.py counts them."},
    {NULL},
};

static PyTypeObject Tree4Type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "game.solver._kernel.Tree4",
    .tp_basicsize = sizeof(Tree4),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Tree4(left, right, spread, heuristic, threshold, alive_bonus, p_four): the fast "
              "4x4 layout's tree.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Tree4_init,
    .tp_dealloc = (destructor)Tree4_dealloc,
    .tp_methods = Tree4_methods,
};

/* -- TreeN: every other layout, a board as rows ------------------------------------------- */

/* What the tree needs of a row, found once: its moves and the heuristics of all three. */
typedef struct {
    uint64_t left, right;
    double heur, heur_left, heur_right;
} RowInfo;

/* row -> RowInfo, exact; row 0 (all empty) is kept apart, as 0 marks an empty slot. */
typedef struct {
    uint64_t *keys;
    RowInfo *values;
    size_t capacity, count;
    RowInfo empty;
    int have_empty;
} RowMap;

typedef struct {
    PyObject_HEAD
    PyObject *heuristic; /* Python's table: row -> float, asked once a row */
    Map heur_cache;      /* the rows asked so far */
    double empty_row;    /* the empty row's, once asked */
    int have_empty_row;
    RowMap rows;         /* each row met so far: its moves and heuristics */
    int size, cell_bits, max_exponent;
    uint64_t cell_mask;
    double threshold, alive_bonus, p_two, p_four;
} TreeN;

typedef struct {
    uint64_t row[MAX_ROWS];
} Board;

static void rowmap_free(RowMap *map) {
    PyMem_Free(map->keys);
    PyMem_Free(map->values);
    memset(map, 0, sizeof *map);
}

static size_t rowmap_slot(const RowMap *map, uint64_t row) {
    size_t mask = map->capacity - 1, i = (size_t)mix(row) & mask;
    while (map->keys[i] && map->keys[i] != row) i = (i + 1) & mask;
    return i;
}

static int rowmap_get(const RowMap *map, uint64_t row, RowInfo *info) {
    if (!row) {
        if (map->have_empty) *info = map->empty;
        return map->have_empty;
    }
    if (!map->capacity) return 0;
    size_t i = rowmap_slot(map, row);
    if (!map->keys[i]) return 0;
    *info = map->values[i];
    return 1;
}

static int rowmap_put(RowMap *map, uint64_t row, const RowInfo *info) {
    if (!row) {
        map->empty = *info;
        map->have_empty = 1;
        return 0;
    }
    if ((map->count + 1) * 2 > map->capacity) {
        RowMap bigger = {NULL, NULL, map->capacity ? map->capacity * 2 : 1024, 0};
        bigger.keys = PyMem_Calloc(bigger.capacity, sizeof(uint64_t));
        bigger.values = PyMem_Malloc(bigger.capacity * sizeof(RowInfo));
        if (!bigger.keys || !bigger.values) {
            rowmap_free(&bigger);
            return -1;
        }
        for (size_t i = 0; i < map->capacity; i++) {
            if (!map->keys[i]) continue;
            size_t j = rowmap_slot(&bigger, map->keys[i]);
            bigger.keys[j] = map->keys[i];
            bigger.values[j] = map->values[i];
            bigger.count++;
        }
        bigger.empty = map->empty;
        bigger.have_empty = map->have_empty;
        PyMem_Free(map->keys);
        PyMem_Free(map->values);
        *map = bigger;
    }
    size_t i = rowmap_slot(map, row);
    if (!map->keys[i]) map->count++;
    map->keys[i] = row;
    map->values[i] = *info;
    return 0;
}

static void TreeN_dealloc(TreeN *self) {
    rowmap_free(&self->rows);
    map_free(&self->heur_cache);
    Py_XDECREF(self->heuristic);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int TreeN_init(TreeN *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"size",      "cell_bits",   "max_exponent", "heuristic",
                            "threshold", "alive_bonus", "p_four",       NULL};
    PyObject *heuristic;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiiOddd", names, &self->size,
                                     &self->cell_bits, &self->max_exponent, &heuristic,
                                     &self->threshold, &self->alive_bonus, &self->p_four))
        return -1;
    if (self->size < 2 || self->size > MAX_ROWS || self->cell_bits < 1 ||
        self->size * self->cell_bits > 63 || self->max_exponent < 1 ||
        self->max_exponent >= (1 << self->cell_bits)) {
        PyErr_SetString(PyExc_ValueError, "a layout this tree cannot hold");
        return -1;
    }
    Py_INCREF(heuristic);
    Py_XSETREF(self->heuristic, heuristic);
    map_free(&self->heur_cache);
    rowmap_free(&self->rows);
    self->heur_cache.width = 1;
    self->have_empty_row = 0;
    self->cell_mask = ((uint64_t)1 << self->cell_bits) - 1;
    self->p_two = 1.0 - self->p_four;
    return 0;
}

static double heur_n(TreeN *t, Search *s, uint64_t row) {
    double value;
    if (!row && t->have_empty_row) return t->empty_row; /* 0 cannot be a map key */
    if (row && map_get(&t->heur_cache, &row, &value)) return value;
    PyObject *key = PyLong_FromUnsignedLongLong(row);
    PyObject *got = key ? PyObject_GetItem(t->heuristic, key) : NULL;
    Py_XDECREF(key);
    value = got ? PyFloat_AsDouble(got) : -1.0;
    Py_XDECREF(got);
    if (!got || (value == -1.0 && PyErr_Occurred())) {
        s->status = FAILED;
        return 0.0;
    }
    if (!row) {
        t->empty_row = value;
        t->have_empty_row = 1;
    } else if (map_put(&t->heur_cache, &row, value) < 0) {
        PyErr_NoMemory();
        s->status = FAILED;
        return 0.0;
    }
    return value;
}

static uint64_t cell_n(const TreeN *t, uint64_t row, int c) {
    return (row >> (t->cell_bits * c)) & t->cell_mask;
}

/* A row slid toward its low cells (LEFT), merged as game/solver/bitboard.py's
 * slide_exponents: two tiles at max_exponent do not merge. */
static uint64_t slide_n(const TreeN *t, uint64_t row, int reverse) {
    int n = t->size, out = 0, can_merge = 0;
    uint64_t cells[MAX_ROWS] = {0};
    for (int i = 0; i < n; i++) {
        uint64_t value = cell_n(t, row, reverse ? n - 1 - i : i);
        if (!value) continue;
        if (can_merge && cells[out - 1] == value && value != (uint64_t)t->max_exponent) {
            cells[out - 1] = value + 1;
            can_merge = 0;
        } else {
            cells[out++] = value;
            can_merge = 1;
        }
    }
    uint64_t moved = 0;
    for (int i = 0; i < n; i++)
        moved |= cells[i] << (t->cell_bits * (reverse ? n - 1 - i : i));
    return moved;
}

/* A row's moves and heuristics (the heuristics as Python's table has them). */
static void row_info(TreeN *t, Search *s, uint64_t row, RowInfo *info) {
    if (rowmap_get(&t->rows, row, info)) return;
    info->left = slide_n(t, row, 0);
    info->right = slide_n(t, row, 1);
    info->heur = heur_n(t, s, row);
    if (!s->status) info->heur_left = heur_n(t, s, info->left);
    if (!s->status) info->heur_right = heur_n(t, s, info->right);
    if (!s->status && rowmap_put(&t->rows, row, info) < 0) {
        PyErr_NoMemory();
        s->status = FAILED;
    }
}

static void transpose_n(const TreeN *t, const Board *b, Board *out) {
    for (int c = 0; c < t->size; c++) {
        uint64_t column = 0;
        for (int r = 0; r < t->size; r++) column |= cell_n(t, b->row[r], c) << (t->cell_bits * r);
        out->row[c] = column;
    }
}

static double leaf_n(TreeN *t, Search *s, const Board *b) {
    Board tr;
    double total = 0.0;
    transpose_n(t, b, &tr);
    for (int r = 0; r < t->size && !s->status; r++) total += heur_n(t, s, b->row[r]);
    for (int r = 0; r < t->size && !s->status; r++) total += heur_n(t, s, tr.row[r]);
    return total;
}

static double chance_n(TreeN *t, Search *s, const Board *b, double cprob, int remaining);

/* The value of child `i` (left, right, up, down) as a leaf: its rows' heuristics, then its
 * columns', in that order (tree.py's generic leaf). Its moved lines' heuristics come with the
 * parent's RowInfo; the other way's are looked up. */
static double child_leaf_n(TreeN *t, Search *s, int i, const Board *child, const RowInfo *ri,
                           const RowInfo *ci) {
    int n = t->size;
    double total = 0.0;
    if (i < 2) {
        Board tr;
        transpose_n(t, child, &tr);
        for (int r = 0; r < n; r++) total += i == 0 ? ri[r].heur_left : ri[r].heur_right;
        for (int c = 0; c < n && !s->status; c++) total += heur_n(t, s, tr.row[c]);
    } else {
        for (int r = 0; r < n && !s->status; r++) total += heur_n(t, s, child->row[r]);
        for (int c = 0; c < n; c++) total += i == 2 ? ci[c].heur_left : ci[c].heur_right;
    }
    return total;
}

static double player_n(TreeN *t, Search *s, const Board *b, double cprob, int remaining) {
    int n = t->size;
    RowInfo ri[MAX_ROWS], ci[MAX_ROWS];
    Board tr, children[4], moved_columns;
    int moved[4] = {0, 0, 0, 0};
    s->caches->nodes++;
    transpose_n(t, b, &tr);
    for (int r = 0; r < n && !s->status; r++) row_info(t, s, b->row[r], &ri[r]);
    for (int c = 0; c < n && !s->status; c++) row_info(t, s, tr.row[c], &ci[c]);
    if (s->status) return 0.0;
    /* The children in the tree's order: left, right, up, down. */
    memset(children, 0, sizeof children);
    memset(&moved_columns, 0, sizeof moved_columns);
    for (int r = 0; r < n; r++) {
        children[0].row[r] = ri[r].left;
        children[1].row[r] = ri[r].right;
        moved[0] |= ri[r].left != b->row[r];
        moved[1] |= ri[r].right != b->row[r];
    }
    for (int c = 0; c < n; c++) {
        moved_columns.row[c] = ci[c].left;
        moved[2] |= ci[c].left != tr.row[c];
    }
    transpose_n(t, &moved_columns, &children[2]);
    for (int c = 0; c < n; c++) {
        moved_columns.row[c] = ci[c].right;
        moved[3] |= ci[c].right != tr.row[c];
    }
    transpose_n(t, &moved_columns, &children[3]);
    int leaves = remaining == 0 || cprob < t->threshold;
    if (!leaves && past_deadline(s)) return 0.0;
    double best = -INFINITY;
    for (int i = 0; i < 4; i++) {
        if (!moved[i]) continue;
        double value = leaves ? child_leaf_n(t, s, i, &children[i], ri, ci)
                              : chance_n(t, s, &children[i], cprob, remaining);
        if (s->status) return 0.0;
        if (value > best) best = value;
    }
    if (best != -INFINITY) return best;
    double total = 0.0; /* lost: this board's leaf, less the bonus of being alive */
    for (int r = 0; r < n; r++) total += ri[r].heur;
    for (int c = 0; c < n; c++) total += ci[c].heur;
    return total - t->alive_bonus;
}

static double chance_n(TreeN *t, Search *s, const Board *b, double cprob, int remaining) {
    Map *cache = &s->caches->maps[remaining];
    double value;
    s->caches->nodes++;
    if (map_get(cache, b->row, &value)) return value;
    int cells[MAX_ROWS * MAX_ROWS], count = 0;
    for (int r = 0; r < t->size; r++)
        for (int c = 0; c < t->size; c++)
            if (!cell_n(t, b->row[r], c)) cells[count++] = r * MAX_ROWS + c;
    double prob_two = cprob * t->p_two / (double)count;
    double prob_four = cprob * t->p_four / (double)count;
    int below = remaining - 1;
    double total = 0.0;
    for (int i = 0; i < count; i++) {
        int r = cells[i] / MAX_ROWS, c = cells[i] % MAX_ROWS;
        Board child = *b;
        child.row[r] = b->row[r] | (uint64_t)1 << (t->cell_bits * c);
        double two = player_n(t, s, &child, prob_two, below);
        if (s->status) return 0.0;
        child.row[r] = b->row[r] | (uint64_t)2 << (t->cell_bits * c);
        double four = player_n(t, s, &child, prob_four, below);
        if (s->status) return 0.0;
        double x = t->p_two * two;
        double y = t->p_four * four;
        total += x + y;
    }
    value = total / (double)count;
    if (map_put(cache, b->row, value) < 0) {
        PyErr_NoMemory();
        s->status = FAILED;
    }
    return value;
}

/* A board from a tuple of `size` row integers. */
static int read_board(const TreeN *t, PyObject *rows, Board *b) {
    if (!PyTuple_Check(rows) || PyTuple_GET_SIZE(rows) != t->size) {
        PyErr_Format(PyExc_ValueError, "a board is a tuple of %d rows", t->size);
        return -1;
    }
    memset(b, 0, sizeof *b);
    uint64_t limit = (uint64_t)1 << (t->size * t->cell_bits);
    for (int r = 0; r < t->size; r++) {
        b->row[r] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(rows, r));
        if (PyErr_Occurred()) return -1;
        if (b->row[r] >= limit) {
            PyErr_SetString(PyExc_ValueError, "a row out of range");
            return -1;
        }
    }
    return 0;
}

static PyObject *TreeN_leaf(TreeN *self, PyObject *rows) {
    Board b;
    Search s = {NULL, INFINITY, 1, RUNNING};
    if (read_board(self, rows, &b) < 0) return NULL;
    double value = leaf_n(self, &s, &b);
    return search_answer(&s, value);
}

static PyObject *TreeN_chance(TreeN *self, PyObject *args) {
    Caches *caches;
    PyObject *rows;
    double cprob, seconds_left;
    int remaining;
    Board b;
    if (!PyArg_ParseTuple(args, "O!Odid", &CachesType, &caches, &rows, &cprob, &remaining,
                          &seconds_left))
        return NULL;
    if (caches->maps[0].width != self->size) {
        PyErr_SetString(PyExc_ValueError, "these caches are for another board size");
        return NULL;
    }
    if (read_board(self, rows, &b) < 0) return NULL;
    Search s;
    if (start_search(&s, caches, remaining, seconds_left) < 0) return NULL;
    if (remaining < 1) {
        PyErr_SetString(PyExc_ValueError, "a chance node has at least one move below it");
        return NULL;
    }
    double value = chance_n(self, &s, &b, cprob, remaining);
    return search_answer(&s, value);
}

static PyMethodDef TreeN_methods[] = {
    {"leaf", (PyCFunction)TreeN_leaf, METH_O, "leaf(rows): the heuristic of a board."},
    {"chance", (PyCFunction)TreeN_chance, METH_VARARGS,
     "chance(caches, rows, cprob, remaining, seconds_left): a chance node's value, None when "
     "the time ran out."},
    {NULL},
};

static PyTypeObject TreeNType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "game.solver._kernel.TreeN",
    .tp_basicsize = sizeof(TreeN),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "TreeN(size, cell_bits, max_exponent, heuristic, threshold, alive_bonus, p_four): "
              "the tree of any other layout.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)TreeN_init,
    .tp_dealloc = (destructor)TreeN_dealloc,
    .tp_methods = TreeN_methods,
};

/* -- the module ---------------------------------------------------------------------------- */

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "game.solver._kernel",
    .m_doc = "The solver's expectimax tree, compiled (see game/solver/tree.py).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    PyTypeObject *types[] = {&CachesType, &Tree4Type, &TreeNType};
    const char *names[] = {"Caches", "Tree4", "TreeN"};
    for (int i = 0; i < 3; i++)
        if (PyType_Ready(types[i]) < 0) return NULL;
    PyObject *module = PyModule_Create(&kernel_module);
    if (!module) return NULL;
    for (int i = 0; i < 3; i++) {
        Py_INCREF(types[i]);
        if (PyModule_AddObject(module, names[i], (PyObject *)types[i]) < 0) {
            Py_DECREF(types[i]);
            Py_DECREF(module);
            return NULL;
        }
    }
    return module;
}
