/* chipmunk_bench: Nudge's engine bench scenes (Sources/Benchmarks/EngineScenes.swift) rebuilt in
 * Chipmunk 7, so benchmarks/run-peers.sh can time the same scenes side by side in one run.
 *
 * Units: 1 m = 100 pt. Nudge is y-down, this is y-up: every Nudge point (x, y) becomes
 * (x / 100, -y / 100) metres, Nudge's mirror image with gravity toward the ground (10 m/s²).
 * Masses are Nudge's (density × w × h of the item's bounding box, about the item's centre), set on
 * the bodies; shapes carry no mass. Chipmunk multiplies the two shapes' friction and elasticity,
 * where Nudge takes sqrt(a·b) and max(a, b) and lets boundaries use the item's own material, so
 * every shape of a scene gets sqrt(μ) and sqrt(e): each pair then mixes to Nudge's μ and e.
 * Settings: 60 Hz, 10 iterations, sleeping off, collision slop left at Chipmunk's default (0.1).
 *
 * Usage: chipmunk_bench --scene NAME [--steps N]
 * Scenes: pyramid-210, pyramid-820, pyramid-5050 (any pyramid-N with N a triangular number),
 * cradle, pin-grid, rain (= rain-2000; any rain-N), tumbler.
 * Prints one JSON line with Nudge's bench fields; maximumDrift is in points, like Nudge's.
 * Contacts are the space's arbiters that had contact points in the last step.
 * Debian's libchipmunk is built with its debug checks on (it says so on start, here on stderr).
 */
#include <chipmunk/chipmunk_private.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    char name[64];
    int steps;
    cpSpace *space;
    cpBody **tracked; /* items whose drift decides "stands" (pyramids) */
    cpVect *start;
    int trackedCount;
    double standTolerance; /* metres; < 0: no notion of standing */
    cpBody *drum[4];       /* tumbler walls, driven before each step */
    int drumCount;
    double omega;
} Scene;

static const double kFriction = 0.6;

static cpSpace *newSpace(void) {
    cpSpace *space = cpSpaceNew();
    cpSpaceSetGravity(space, cpv(0, -10));
    cpSpaceSetIterations(space, 10);
    cpSpaceSetSleepTimeThreshold(space, INFINITY);
    return space;
}

static void setMaterial(cpShape *shape, double friction, double elasticity) {
    cpShapeSetFriction(shape, sqrt(friction));
    cpShapeSetElasticity(shape, sqrt(elasticity));
}

/* Reference-bounds walls as Nudge makes them: four 10 m thick static boxes outside the bounds. */
static void addBoundsWalls(cpSpace *space, double minX, double minY, double maxX, double maxY,
                           double friction, double elasticity) {
    cpBody *ground = cpSpaceGetStaticBody(space);
    const double t = 10;
    cpBB boxes[4] = {
        cpBBNew(minX - t, minY - t, maxX + t, minY), /* floor */
        cpBBNew(minX - t, maxY, maxX + t, maxY + t), /* ceiling */
        cpBBNew(minX - t, minY, minX, maxY),         /* left */
        cpBBNew(maxX, minY, maxX + t, maxY),         /* right */
    };
    for (int i = 0; i < 4; ++i) {
        cpShape *shape = cpSpaceAddShape(space, cpBoxShapeNew2(ground, boxes[i], 0));
        setMaterial(shape, friction, elasticity);
    }
}

static cpBody *addBody(cpSpace *space, double mass, double moment, double x, double y) {
    cpBody *body = cpSpaceAddBody(space, cpBodyNew(mass, moment));
    cpBodySetPosition(body, cpv(x, y));
    return body;
}

/* EngineScenes.pyramid(base:): Box2D v3's large_pyramid, 1 m boxes on the ground. */
static void pyramid(Scene *s, int base) {
    int count = base * (base + 1) / 2;
    snprintf(s->name, sizeof s->name, "pyramid-%d", count);
    s->space = newSpace();
    const double a = 0.5;
    addBoundsWalls(s->space, -2.0 * base, 0, 2.0 * base, 4.0 * base, kFriction, 0);
    s->tracked = malloc(sizeof(cpBody *) * count);
    s->start = malloc(sizeof(cpVect) * count);
    double mass = 4 * a * a;
    for (int i = 0; i < base; ++i) {
        double y = (2 * i + 1) * a;
        for (int j = i; j < base; ++j) {
            double x = (i + 1) * a + 2 * (j - i) * a - a * base;
            cpBody *body = addBody(s->space, mass, cpMomentForBox(mass, 2 * a, 2 * a), x, y);
            setMaterial(cpSpaceAddShape(s->space, cpBoxShapeNew(body, 2 * a, 2 * a, 0)), kFriction, 0);
            s->tracked[s->trackedCount] = body;
            s->start[s->trackedCount++] = cpv(x, y);
        }
    }
    s->standTolerance = a / 2;
}

/* EngineScenes.cradle: five touching balls (r 0.2 m) on 2 m pin rods, elasticity 1, no friction,
 * no rotation, balls collide only with each other; the first lifted 30°. */
static void cradle(Scene *s) {
    snprintf(s->name, sizeof s->name, "cradle");
    s->space = newSpace();
    cpBody *ground = cpSpaceGetStaticBody(s->space);
    const double r = 0.2, length = 2, mass = 4 * r * r;
    for (int i = 0; i < 5; ++i) {
        cpVect anchor = cpv(4 + i * 2 * r, -1);
        double angle = i == 0 ? -M_PI / 6 : 0;
        cpBody *ball = addBody(s->space, mass, INFINITY, anchor.x + length * sin(angle), anchor.y - length * cos(angle));
        setMaterial(cpSpaceAddShape(s->space, cpCircleShapeNew(ball, r, cpvzero)), 0, 1);
        cpSpaceAddConstraint(s->space, cpPinJointNew(ground, ball, anchor, cpvzero));
    }
}

/* EngineScenes.pinGrid: 100×100 balls (r 0.1 m) 0.4 m apart, pivot joints to the right and lower
 * neighbours at the midpoints, the two top corners pinned; nothing collides. */
static void pinGrid(Scene *s) {
    snprintf(s->name, sizeof s->name, "pin-grid");
    s->space = newSpace();
    s->steps = 120;
    cpBody *ground = cpSpaceGetStaticBody(s->space);
    enum { n = 100 };
    const double spacing = 0.4, r = 0.1, mass = 4 * r * r;
    cpBody **items = malloc(sizeof(cpBody *) * n * n);
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            cpBody *body = addBody(s->space, mass, cpMomentForCircle(mass, 0, r, cpvzero), col * spacing, -row * spacing);
            cpShape *shape = cpSpaceAddShape(s->space, cpCircleShapeNew(body, r, cpvzero));
            cpShapeSetFilter(shape, CP_SHAPE_FILTER_NONE);
            items[row * n + col] = body;
        }
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            cpBody *item = items[row * n + col];
            cpVect p = cpBodyGetPosition(item);
            if (col + 1 < n)
                cpSpaceAddConstraint(s->space, cpPivotJointNew(items[row * n + col + 1], item, cpvadd(p, cpv(spacing / 2, 0))));
            if (row + 1 < n)
                cpSpaceAddConstraint(s->space, cpPivotJointNew(items[(row + 1) * n + col], item, cpvadd(p, cpv(0, -spacing / 2))));
        }
    cpSpaceAddConstraint(s->space, cpPivotJointNew(items[0], ground, cpBodyGetPosition(items[0])));
    cpSpaceAddConstraint(s->space, cpPivotJointNew(items[n - 1], ground, cpBodyGetPosition(items[n - 1])));
    free(items);
}

/* EngineScenes.rain(count:): 40 staggered columns, rows 0.6 m apart, sizes cycling 0.20…0.40 m,
 * balls / boxes (0.8 high) / triangles in turn, friction 0.6, elasticity 0.1, in a 20 m wide box. */
static void rain(Scene *s, int count) {
    if (count == 2000) snprintf(s->name, sizeof s->name, "rain");
    else snprintf(s->name, sizeof s->name, "rain-%d", count);
    s->space = newSpace();
    int rows = (count + 39) / 40;
    double ceiling = (2100.0 + 60.0 * rows) / 100; /* one row spacing above the top row */
    addBoundsWalls(s->space, 0, -10, 20, ceiling, kFriction, 0.1);
    for (int k = 0; k < count; ++k) {
        int row = k / 40, col = k % 40;
        double size = (20 + (k * 7) % 21) / 100.0;
        double x = (30 + col * 48 + (row % 2 == 0 ? 0 : 20)) / 100.0;
        double y = (2100.0 + 60.0 * row) / 100;
        cpShape *shape;
        cpBody *body;
        switch (k % 3) {
        case 0: {
            double mass = size * size;
            body = addBody(s->space, mass, cpMomentForCircle(mass, 0, size / 2, cpvzero), x, y);
            shape = cpCircleShapeNew(body, size / 2, cpvzero);
            break;
        }
        case 1: {
            double mass = size * size * 0.8;
            body = addBody(s->space, mass, cpMomentForBox(mass, size, size * 0.8), x, y);
            shape = cpBoxShapeNew(body, size, size * 0.8, 0);
            break;
        }
        default: {
            double h = size / 2, mass = size * size;
            cpVect v[3] = {cpv(-h, -h), cpv(h, -h), cpv(0, h)};
            body = addBody(s->space, mass, cpMomentForPoly(mass, 3, v, cpvzero, 0), x, y);
            shape = cpPolyShapeNewRaw(body, 3, v, 0);
            break;
        }
        }
        setMaterial(cpSpaceAddShape(s->space, shape), kFriction, 0.1);
    }
}

/* EngineScenes.tumbler: 2,000 boxes of 0.125 m in a 10 m drum of four kinematic walls turning at
 * 0.5 rad/s (clockwise on Nudge's y-down screen, so -0.5 rad/s here, y up). */
static void tumbler(Scene *s) {
    snprintf(s->name, sizeof s->name, "tumbler");
    s->space = newSpace();
    const double half = 5, thickness = 0.4;
    s->omega = -0.5;
    double walls[4][4] = {{0, half, 2 * half + thickness, thickness}, {0, -half, 2 * half + thickness, thickness},
                          {-half, 0, thickness, 2 * half + thickness}, {half, 0, thickness, 2 * half + thickness}};
    for (int i = 0; i < 4; ++i) {
        cpBody *wall = cpSpaceAddBody(s->space, cpBodyNewKinematic());
        cpBodySetPosition(wall, cpv(walls[i][0], walls[i][1]));
        setMaterial(cpSpaceAddShape(s->space, cpBoxShapeNew(wall, walls[i][2], walls[i][3], 0)), kFriction, 0);
        s->drum[s->drumCount++] = wall;
    }
    const double size = 0.125, mass = size * size;
    for (int k = 0; k < 2000; ++k) {
        int row = k / 40, col = k % 40;
        cpBody *body = addBody(s->space, mass, cpMomentForBox(mass, size, size), -4 + col * 0.205, 4 - row * 0.16);
        setMaterial(cpSpaceAddShape(s->space, cpBoxShapeNew(body, size, size, 0)), kFriction, 0);
    }
}

static void driveDrum(Scene *s) {
    for (int i = 0; i < s->drumCount; ++i) {
        cpVect c = cpBodyGetPosition(s->drum[i]); /* pivot at the origin */
        cpBodySetVelocity(s->drum[i], cpv(-s->omega * c.y, s->omega * c.x));
        cpBodySetAngularVelocity(s->drum[i], s->omega);
    }
}

static int triangularBase(int count) {
    for (int b = 1; b * (b + 1) / 2 <= count; ++b)
        if (b * (b + 1) / 2 == count) return b;
    return 0;
}

static int makeScene(const char *name, Scene *s) {
    int n;
    s->steps = 600;
    s->standTolerance = -1;
    if (!strncmp(name, "pyramid-", 8) && (n = atoi(name + 8)) > 0 && triangularBase(n)) { pyramid(s, triangularBase(n)); return 1; }
    if (!strcmp(name, "cradle")) { cradle(s); return 1; }
    if (!strcmp(name, "pin-grid")) { pinGrid(s); return 1; }
    if (!strcmp(name, "rain")) { rain(s, 2000); return 1; }
    if (!strncmp(name, "rain-", 5) && (n = atoi(name + 5)) > 0) { rain(s, n); return 1; }
    if (!strcmp(name, "tumbler")) { tumbler(s); return 1; }
    return 0;
}

static double nowMs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int compareDoubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void countBody(cpBody *body, void *data) {
    if (cpBodyGetType(body) != CP_BODY_TYPE_STATIC) ++*(int *)data;
}

static void countConstraint(cpConstraint *constraint, void *data) {
    (void)constraint;
    ++*(int *)data;
}

int main(int argc, char **argv) {
    const char *sceneName = NULL;
    int steps = -1;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--scene") && i + 1 < argc) sceneName = argv[++i];
        else if (!strcmp(argv[i], "--steps") && i + 1 < argc) steps = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: %s --scene NAME [--steps N]\n", argv[0]);
            return 2;
        }
    }
    Scene s;
    memset(&s, 0, sizeof s);
    /* Debian's library prints a banner on stdout when the first space is made; send it to stderr
     * so stdout carries the JSON line only. */
    fflush(stdout);
    int savedStdout = dup(1);
    dup2(2, 1);
    int made = sceneName && makeScene(sceneName, &s);
    fflush(stdout);
    dup2(savedStdout, 1);
    close(savedStdout);
    if (!made) {
        fprintf(stderr, "chipmunk_bench: unknown scene '%s' (pyramid-N with N triangular, cradle, pin-grid, rain, rain-N, tumbler)\n",
                sceneName ? sceneName : "");
        return 2;
    }
    if (steps == 0 || steps < -1) {
        fprintf(stderr, "chipmunk_bench: --steps must be at least 1\n");
        return 2;
    }
    if (steps < 0) steps = s.steps;
    if (s.drumCount) driveDrum(&s);

    double *times = malloc(sizeof(double) * steps);
    for (int i = 0; i < steps; ++i) {
        double t0 = nowMs();
        if (s.drumCount) driveDrum(&s);
        cpSpaceStep(s.space, 1.0 / 60.0);
        times[i] = nowMs() - t0;
    }
    qsort(times, steps, sizeof(double), compareDoubles);
    double median = steps % 2 ? times[steps / 2] : (times[steps / 2 - 1] + times[steps / 2]) / 2;

    int bodies = 0, joints = 0;
    cpSpaceEachBody(s.space, countBody, &bodies);
    cpSpaceEachConstraint(s.space, countConstraint, &joints);
    int contacts = s.space->arbiters->num;

    char stands[64] = "null", drift[64] = "null";
    if (s.standTolerance >= 0) {
        double maxDrift = 0;
        for (int i = 0; i < s.trackedCount; ++i) {
            double d = cpvdist(cpBodyGetPosition(s.tracked[i]), s.start[i]);
            if (d > maxDrift) maxDrift = d;
        }
        snprintf(stands, sizeof stands, "%s", maxDrift < s.standTolerance ? "true" : "false");
        snprintf(drift, sizeof drift, "%.3f", maxDrift * 100);
    }
    printf("{\"scene\":\"%s\",\"kind\":\"engine\",\"engine\":\"chipmunk-7\",\"steps\":%d,\"bodies\":%d,"
           "\"contacts\":%d,\"joints\":%d,\"medianMs\":%.4f,\"minMs\":%.4f,\"maxMs\":%.4f,"
           "\"stands\":%s,\"maximumDrift\":%s}\n",
           s.name, steps, bodies, contacts, joints, median, times[0], times[steps - 1], stands, drift);
    return 0;
}
