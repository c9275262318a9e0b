// box2d_v3_bench: Nudge's pyramid bench scenes (EngineScenes.pyramid(base:) in
// Sources/Benchmarks/EngineScenes.swift) rebuilt on Box2D v3, the engine Nudge measures itself
// against. benchmarks/run-peers.sh --box2d-v3 DIR compiles it against a Box2D v3 source checkout
// and peers.py runs it beside Nudge, Box2D 2.4.1 (box2d_bench.cpp) and Chipmunk 7.
//
// The scene is the one box2d_bench.cpp builds, in the same units: 1 m = 100 pt, and since Nudge's
// y points down and Box2D's up, a Nudge point (x, y) sits at (x / 100, -y / 100) m; gravity is
// 10 m/s² toward the ground (Nudge's gravity 1). A pyramid of base b is b rows of 1 m boxes
// (half-size a = 0.5 m), row i centred at y = (2i + 1)a with its boxes at
// x = (i + 1)a + 2(j - i)a - a·b for j = i … b-1, every box touching its neighbours exactly
// (v3 polygons have no skin radius). The ground is Nudge's reference-bounds boundary: four 10 m
// thick static boxes around x in [-2b, 2b] m, y in [0, 4b] m, on one static body. Boxes have
// density 1 (Nudge's mass: density × w × h / 10⁴ with sizes in pt), friction 0.6, restitution 0;
// the walls carry the same material, as Nudge's boundaries take the item's.
//
// Box2D v3 settings: its defaults (contact hertz, damping, speculative distance, continuous
// collision on), 60 Hz with 4 substeps, sleeping off, one worker and no task system (serial).
//
// Usage: box2d_v3_bench --scene pyramid-N [--steps N]   (N triangular: 210, 820, 5050, …;
// 600 steps by default, as in Nudge). Other scenes are not built here: exit status 2.
// Prints one JSON line with the fields of `nudge bench --json` (maximumDrift in points).
#include "box2d/box2d.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef BOX2D_V3_VARIANT
#define BOX2D_V3_VARIANT "unknown"  // run-peers.sh passes avx2 or sse2: the library's build
#endif

enum { kDefaultSteps = 600 };

static double nowMs(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int compareDoubles(const void* a, const void* b)
{
	double x = *(const double*)a, y = *(const double*)b;
	return (x > y) - (x < y);
}

// The base b with b(b + 1)/2 == count, or 0 when count is not triangular.
static int triangularBase(long count)
{
	for (long b = 1; b * (b + 1) / 2 <= count; ++b)
		if (b * (b + 1) / 2 == count) return (int)b;
	return 0;
}

// One static box of the boundary, given by its corners (metres).
static void addWall(b2BodyId ground, const b2ShapeDef* def, float x0, float y0, float x1, float y1)
{
	b2Vec2 centre = {(x0 + x1) / 2, (y0 + y1) / 2};
	b2Polygon box = b2MakeOffsetBox((x1 - x0) / 2, (y1 - y0) / 2, centre, b2Rot_identity);
	b2CreatePolygonShape(ground, def, &box);
}

// Touching contact pairs (Box2D's b2_contactTouchingFlag, what b2Body_GetContactData reports,
// the analogue of 2.4.1's b2Contact::IsTouching). Every contact is listed on both of its bodies,
// so each body counts only those whose shape A is its own: every pair once, ground pairs included.
static int touchingContacts(const b2BodyId* bodies, int count)
{
	int total = 0, capacity = 0;
	b2ContactData* data = NULL;
	for (int i = 0; i < count; ++i) {
		int need = b2Body_GetContactCapacity(bodies[i]);
		if (need > capacity) {
			capacity = need;
			data = realloc(data, (size_t)capacity * sizeof *data);
			if (!data) { perror("box2d_v3_bench"); exit(1); }
		}
		int n = b2Body_GetContactData(bodies[i], data, capacity);
		for (int k = 0; k < n; ++k) {
			b2BodyId a = b2Shape_GetBody(data[k].shapeIdA);
			if (B2_ID_EQUALS(a, bodies[i])) ++total;
		}
	}
	free(data);
	return total;
}

int main(int argc, char** argv)
{
	const char* sceneName = NULL;
	long steps = kDefaultSteps;
	for (int i = 1; i < argc; ++i) {
		if (!strcmp(argv[i], "--scene") && i + 1 < argc) sceneName = argv[++i];
		else if (!strcmp(argv[i], "--steps") && i + 1 < argc) {
			char* end;
			steps = strtol(argv[++i], &end, 10);
			if (*end || steps < 1) {
				fprintf(stderr, "box2d_v3_bench: --steps must be a whole number of at least 1\n");
				return 2;
			}
		} else {
			fprintf(stderr, "usage: %s --scene pyramid-N [--steps N]\n", argv[0]);
			return 2;
		}
	}
	int base = 0;
	if (sceneName && !strncmp(sceneName, "pyramid-", 8)) {
		char* end;
		long count = strtol(sceneName + 8, &end, 10);
		if (!*end && count > 0) base = triangularBase(count);
	}
	if (base == 0) {
		fprintf(stderr, "box2d_v3_bench: scene '%s' is not built for Box2D v3; only pyramid-N with N triangular "
		                "(210, 820, 5050, …)\n", sceneName ? sceneName : "");
		return 2;
	}

	b2WorldDef worldDef = b2DefaultWorldDef();
	worldDef.gravity = (b2Vec2){0.0f, -10.0f};
	worldDef.enableSleep = false;
	worldDef.workerCount = 1;  // serial: no enqueueTask/finishTask, no scheduler threads
	b2WorldId world = b2CreateWorld(&worldDef);
	b2World_EnableSleeping(world, false);

	int count = base * (base + 1) / 2;
	b2BodyId* bodies = malloc((size_t)(count + 1) * sizeof *bodies);  // the boxes, then the ground
	b2Vec2* start = malloc((size_t)count * sizeof *start);
	if (!bodies || !start) { perror("box2d_v3_bench"); return 1; }

	b2ShapeDef shapeDef = b2DefaultShapeDef();
	shapeDef.density = 1.0f;
	shapeDef.material.friction = 0.6f;
	shapeDef.material.restitution = 0.0f;

	// The boundary, thickness t outside [minX, maxX] × [minY, maxY].
	b2BodyDef groundDef = b2DefaultBodyDef();
	b2BodyId ground = b2CreateBody(world, &groundDef);
	const float minX = -2.0f * base, minY = 0.0f, maxX = 2.0f * base, maxY = 4.0f * base, t = 10.0f;
	addWall(ground, &shapeDef, minX - t, minY - t, maxX + t, minY);  // floor
	addWall(ground, &shapeDef, minX - t, maxY, maxX + t, maxY + t);  // ceiling
	addWall(ground, &shapeDef, minX - t, minY, minX, maxY);          // left
	addWall(ground, &shapeDef, maxX, minY, maxX + t, maxY);          // right

	const float a = 0.5f;
	b2Polygon box = b2MakeSquare(a);
	b2BodyDef boxDef = b2DefaultBodyDef();
	boxDef.type = b2_dynamicBody;
	int n = 0;
	for (int i = 0; i < base; ++i) {
		float y = (2 * i + 1) * a;
		for (int j = i; j < base; ++j) {
			float x = (i + 1) * a + 2 * (j - i) * a - a * base;
			boxDef.position = (b2Pos){x, y};
			bodies[n] = b2CreateBody(world, &boxDef);
			b2CreatePolygonShape(bodies[n], &shapeDef, &box);
			b2Pos p = b2Body_GetPosition(bodies[n]);
			start[n] = (b2Vec2){(float)p.x, (float)p.y};
			++n;
		}
	}
	bodies[n] = ground;

	double* times = malloc((size_t)steps * sizeof *times);
	if (!times) { perror("box2d_v3_bench"); return 1; }
	for (long s = 0; s < steps; ++s) {
		double t0 = nowMs();
		b2World_Step(world, 1.0f / 60.0f, 4);
		times[s] = nowMs() - t0;
	}
	qsort(times, (size_t)steps, sizeof *times, compareDoubles);
	double median = steps % 2 ? times[steps / 2] : (times[steps / 2 - 1] + times[steps / 2]) / 2;

	double maxDrift = 0;  // metres
	for (int i = 0; i < count; ++i) {
		b2Pos p = b2Body_GetPosition(bodies[i]);
		double dx = (double)p.x - start[i].x, dy = (double)p.y - start[i].y;
		double d = sqrt(dx * dx + dy * dy);
		if (d > maxDrift) maxDrift = d;
	}
	int contacts = touchingContacts(bodies, count + 1);

	printf("{\"scene\":\"pyramid-%d\",\"kind\":\"engine\",\"engine\":\"box2d-v3-%s\",\"steps\":%ld,\"bodies\":%d,"
	       "\"contacts\":%d,\"joints\":0,\"medianMs\":%.4f,\"minMs\":%.4f,\"maxMs\":%.4f,"
	       "\"stands\":%s,\"maximumDrift\":%.3f}\n",
	       count, BOX2D_V3_VARIANT, steps, count, contacts, median, times[0], times[steps - 1],
	       maxDrift < a / 2 ? "true" : "false", maxDrift * 100);

	b2DestroyWorld(world);
	free(times);
	free(start);
	free(bodies);
	return 0;
}
