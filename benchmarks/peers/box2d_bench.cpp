// box2d_bench: Nudge's engine bench scenes (Sources/Benchmarks/EngineScenes.swift) rebuilt in
// Box2D 2.4.1, so benchmarks/run-peers.sh can time the same scenes side by side in one run.
//
// Units: 1 m = 100 pt. Nudge is y-down, this is y-up: every Nudge point (x, y) becomes
// (x / 100, -y / 100) metres, so the scene is Nudge's mirror image with gravity toward the
// ground (10 m/s² = Nudge's gravity 1). Nudge gives every item mass density × w × h / 10⁴ (its
// bounding box, whatever its shape) about the item's center; the densities below reproduce those
// masses (circles 4/π, triangles 2) and triangles get their mass centre moved to the item centre.
// Friction mixes as sqrt(a·b) and restitution as max(a, b), as in Nudge, and Nudge's boundaries
// take the item's own material, so walls get the items' friction and restitution.
// Settings: 60 Hz, 8 velocity and 3 position iterations, sleeping off.
//
// Usage: box2d_bench --scene NAME [--steps N]
// Scenes: pyramid-210, pyramid-820, pyramid-5050 (any pyramid-N with N a triangular number),
// cradle, pin-grid, rain (= rain-2000; any rain-N), tumbler.
// Prints one JSON line with Nudge's bench fields; maximumDrift is in points, like Nudge's.
#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace {

const float kFriction = 0.6f;

struct Scene {
    std::string name;
    int steps = 600;
    b2World* world = nullptr;
    std::vector<b2Body*> tracked;      // items whose drift decides "stands" (pyramids)
    std::vector<b2Vec2> start;
    float standTolerance = -1;         // metres; < 0: no notion of standing
    std::function<void()> beforeStep;  // kinematic drivers, timed with the step as in Nudge
};

// Reference-bounds walls as Nudge makes them: four 10 m thick static boxes outside the bounds.
void addBoundsWalls(b2World* world, float minX, float minY, float maxX, float maxY, float friction, float restitution) {
    b2BodyDef def;
    b2Body* ground = world->CreateBody(&def);
    const float t = 10.0f;
    auto box = [&](float x0, float y0, float x1, float y1) {
        b2PolygonShape shape;
        shape.SetAsBox((x1 - x0) / 2, (y1 - y0) / 2, b2Vec2((x0 + x1) / 2, (y0 + y1) / 2), 0);
        b2FixtureDef fd;
        fd.shape = &shape;
        fd.friction = friction;
        fd.restitution = restitution;
        ground->CreateFixture(&fd);
    };
    box(minX - t, minY - t, maxX + t, minY);  // floor
    box(minX - t, maxY, maxX + t, maxY + t);  // ceiling
    box(minX - t, minY, minX, maxY);          // left
    box(maxX, minY, maxX + t, maxY);          // right
}

b2Body* dynamicBody(b2World* world, float x, float y) {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.position.Set(x, y);
    return world->CreateBody(&def);
}

b2World* newWorld() {
    b2World* world = new b2World(b2Vec2(0, -10));
    world->SetAllowSleeping(false);
    return world;
}

// EngineScenes.pyramid(base:): Box2D v3's large_pyramid, 1 m boxes on the ground.
Scene pyramid(int base) {
    Scene s;
    int count = base * (base + 1) / 2;
    s.name = "pyramid-" + std::to_string(count);
    s.world = newWorld();
    const float a = 0.5f;
    addBoundsWalls(s.world, -2.0f * base, 0, 2.0f * base, 4.0f * base, kFriction, 0);
    b2PolygonShape shape;
    shape.SetAsBox(a, a);
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = 1;
    fd.friction = kFriction;
    for (int i = 0; i < base; ++i) {
        float y = (2 * i + 1) * a;
        for (int j = i; j < base; ++j) {
            float x = (i + 1) * a + 2 * (j - i) * a - a * base;
            b2Body* body = dynamicBody(s.world, x, y);
            body->CreateFixture(&fd);
            s.tracked.push_back(body);
            s.start.push_back(body->GetPosition());
        }
    }
    s.standTolerance = a / 2;
    return s;
}

// EngineScenes.cradle: five touching balls (r 0.2 m) on 2 m rods, elasticity 1, no friction,
// no rotation, balls collide only with each other; the first lifted 30°.
Scene cradle() {
    Scene s;
    s.name = "cradle";
    s.world = newWorld();
    b2BodyDef gdef;
    b2Body* ground = s.world->CreateBody(&gdef);
    const float r = 0.2f, length = 2.0f;
    b2CircleShape shape;
    shape.m_radius = r;
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = 4 / b2_pi;  // Nudge: mass = (2r)² × density 1
    fd.friction = 0;
    fd.restitution = 1;
    for (int i = 0; i < 5; ++i) {
        b2Vec2 anchor(4.0f + i * 2 * r, -1.0f);
        double angle = i == 0 ? -M_PI / 6 : 0;
        b2BodyDef def;
        def.type = b2_dynamicBody;
        def.fixedRotation = true;
        def.position.Set(anchor.x + length * (float)std::sin(angle), anchor.y - length * (float)std::cos(angle));
        b2Body* ball = s.world->CreateBody(&def);
        ball->CreateFixture(&fd);
        b2DistanceJointDef jd;
        jd.Initialize(ground, ball, anchor, ball->GetPosition());
        s.world->CreateJoint(&jd);
    }
    s.steps = 600;
    return s;
}

// EngineScenes.pinGrid: 100×100 balls (r 0.1 m) 0.4 m apart, revolute joints to the right and
// lower neighbours at the midpoints, the two top corners pinned; nothing collides.
Scene pinGrid() {
    Scene s;
    s.name = "pin-grid";
    s.world = newWorld();
    s.steps = 120;
    b2BodyDef gdef;
    b2Body* ground = s.world->CreateBody(&gdef);
    const int n = 100;
    const float spacing = 0.4f;
    b2CircleShape shape;
    shape.m_radius = 0.1f;
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = 4 / b2_pi;
    fd.filter.categoryBits = 0x0002;
    fd.filter.maskBits = 0;
    std::vector<b2Body*> items;
    items.reserve(n * n);
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            b2Body* body = dynamicBody(s.world, col * spacing, -row * spacing);
            body->CreateFixture(&fd);
            items.push_back(body);
        }
    b2RevoluteJointDef jd;
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            b2Body* item = items[row * n + col];
            b2Vec2 p = item->GetPosition();
            if (col + 1 < n) {
                jd.Initialize(items[row * n + col + 1], item, p + b2Vec2(spacing / 2, 0));
                s.world->CreateJoint(&jd);
            }
            if (row + 1 < n) {
                jd.Initialize(items[(row + 1) * n + col], item, p + b2Vec2(0, -spacing / 2));
                s.world->CreateJoint(&jd);
            }
        }
    jd.Initialize(items[0], ground, items[0]->GetPosition());
    s.world->CreateJoint(&jd);
    jd.Initialize(items[n - 1], ground, items[n - 1]->GetPosition());
    s.world->CreateJoint(&jd);
    return s;
}

// EngineScenes.rain(count:): 40 staggered columns, rows 0.6 m apart, sizes cycling 0.20…0.40 m,
// balls / boxes (0.8 high) / triangles in turn, friction 0.6, elasticity 0.1, in a 20 m wide box.
Scene rain(int count) {
    Scene s;
    s.name = count == 2000 ? "rain" : "rain-" + std::to_string(count);
    s.world = newWorld();
    int rows = (count + 39) / 40;
    // Nudge (pt, y down): floor at 1000, ceiling one row spacing above the top row.
    float ceiling = (2100.0f + 60.0f * rows) / 100;
    addBoundsWalls(s.world, 0, -10, 20, ceiling, kFriction, 0.1f);
    for (int k = 0; k < count; ++k) {
        int row = k / 40, col = k % 40;
        float size = (20 + (k * 7) % 21) / 100.0f;
        float x = (30 + col * 48 + (row % 2 == 0 ? 0 : 20)) / 100.0f;
        float y = (2100.0f + 60.0f * row) / 100;
        b2Body* body = dynamicBody(s.world, x, y);
        b2FixtureDef fd;
        fd.friction = kFriction;
        fd.restitution = 0.1f;
        switch (k % 3) {
        case 0: {
            b2CircleShape c;
            c.m_radius = size / 2;
            fd.shape = &c;
            fd.density = 4 / b2_pi;
            body->CreateFixture(&fd);
            break;
        }
        case 1: {
            b2PolygonShape p;
            p.SetAsBox(size / 2, size * 0.8f / 2);
            fd.shape = &p;
            fd.density = 1;
            body->CreateFixture(&fd);
            break;
        }
        default: {
            float h = size / 2;
            b2Vec2 v[3] = {b2Vec2(-h, -h), b2Vec2(h, -h), b2Vec2(0, h)};
            b2PolygonShape p;
            p.Set(v, 3);
            fd.shape = &p;
            fd.density = 2;  // mass = size² like Nudge's bounding-box mass
            body->CreateFixture(&fd);
            // Nudge turns the triangle about the item centre, not its centroid.
            b2MassData md;
            p.ComputeMass(&md, 2);
            md.center.SetZero();  // md.I is already about the body origin
            body->SetMassData(&md);
            break;
        }
        }
    }
    return s;
}

// EngineScenes.tumbler: 2,000 boxes of 0.125 m in a 10 m drum of four kinematic walls turning
// at 0.5 rad/s (clockwise on Nudge's y-down screen, so -0.5 rad/s here, y up).
Scene tumbler() {
    Scene s;
    s.name = "tumbler";
    s.world = newWorld();
    const float half = 5, thickness = 0.4f, omega = -0.5f;
    struct Wall { float x, y, w, h; };
    Wall walls[4] = {{0, half, 2 * half + thickness, thickness}, {0, -half, 2 * half + thickness, thickness},
                     {-half, 0, thickness, 2 * half + thickness}, {half, 0, thickness, 2 * half + thickness}};
    auto drum = std::make_shared<std::vector<b2Body*>>();
    for (const Wall& w : walls) {
        b2BodyDef def;
        def.type = b2_kinematicBody;
        def.position.Set(w.x, w.y);
        b2Body* body = s.world->CreateBody(&def);
        b2PolygonShape shape;
        shape.SetAsBox(w.w / 2, w.h / 2);
        b2FixtureDef fd;
        fd.shape = &shape;
        fd.friction = kFriction;
        body->CreateFixture(&fd);
        drum->push_back(body);
    }
    b2PolygonShape shape;
    shape.SetAsBox(0.0625f, 0.0625f);
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = 1;
    fd.friction = kFriction;
    for (int k = 0; k < 2000; ++k) {
        int row = k / 40, col = k % 40;
        b2Body* body = dynamicBody(s.world, -4.0f + col * 0.205f, 4.0f - row * 0.16f);
        body->CreateFixture(&fd);
    }
    s.beforeStep = [drum, omega]() {
        for (b2Body* wall : *drum) {
            b2Vec2 c = wall->GetPosition();  // pivot at the origin
            wall->SetLinearVelocity(b2Vec2(-omega * c.y, omega * c.x));
            wall->SetAngularVelocity(omega);
        }
    };
    s.beforeStep();
    return s;
}

bool triangularBase(int count, int* base) {
    for (int b = 1; b * (b + 1) / 2 <= count; ++b)
        if (b * (b + 1) / 2 == count) { *base = b; return true; }
    return false;
}

bool makeScene(const std::string& name, Scene* out) {
    int n = 0, base = 0;
    if (name.rfind("pyramid-", 0) == 0 && (n = std::atoi(name.c_str() + 8)) > 0 && triangularBase(n, &base)) {
        *out = pyramid(base);
        return true;
    }
    if (name == "cradle") { *out = cradle(); return true; }
    if (name == "pin-grid") { *out = pinGrid(); return true; }
    if (name == "rain") { *out = rain(2000); return true; }
    if (name.rfind("rain-", 0) == 0 && (n = std::atoi(name.c_str() + 5)) > 0) { *out = rain(n); return true; }
    if (name == "tumbler") { *out = tumbler(); return true; }
    return false;
}

double nowMs() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
    std::string sceneName;
    int steps = -1;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--scene") && i + 1 < argc) sceneName = argv[++i];
        else if (!std::strcmp(argv[i], "--steps") && i + 1 < argc) steps = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "usage: %s --scene NAME [--steps N]\n", argv[0]);
            return 2;
        }
    }
    Scene s;
    if (sceneName.empty() || !makeScene(sceneName, &s)) {
        std::fprintf(stderr, "box2d_bench: unknown scene '%s' (pyramid-N with N triangular, cradle, pin-grid, rain, rain-N, tumbler)\n",
                     sceneName.c_str());
        return 2;
    }
    if (steps == 0 || steps < -1) {
        std::fprintf(stderr, "box2d_bench: --steps must be at least 1\n");
        return 2;
    }
    if (steps < 0) steps = s.steps;

    std::vector<double> times;
    times.reserve(steps);
    for (int i = 0; i < steps; ++i) {
        double t0 = nowMs();
        if (s.beforeStep) s.beforeStep();
        s.world->Step(1.0f / 60.0f, 8, 3);
        times.push_back(nowMs() - t0);
    }
    std::sort(times.begin(), times.end());
    double median = steps % 2 ? times[steps / 2] : (times[steps / 2 - 1] + times[steps / 2]) / 2;

    int bodies = 0;
    for (b2Body* b = s.world->GetBodyList(); b; b = b->GetNext())
        if (b->GetType() != b2_staticBody) ++bodies;
    int contacts = 0;
    for (b2Contact* c = s.world->GetContactList(); c; c = c->GetNext())
        if (c->IsTouching()) ++contacts;

    char stands[64] = "null", drift[64] = "null";
    if (s.standTolerance >= 0) {
        double maxDrift = 0;
        for (size_t i = 0; i < s.tracked.size(); ++i) {
            b2Vec2 d = s.tracked[i]->GetPosition() - s.start[i];
            maxDrift = std::max(maxDrift, (double)d.Length());
        }
        std::snprintf(stands, sizeof stands, "%s", maxDrift < s.standTolerance ? "true" : "false");
        std::snprintf(drift, sizeof drift, "%.3f", maxDrift * 100);
    }
    std::printf("{\"scene\":\"%s\",\"kind\":\"engine\",\"engine\":\"box2d-2.4.1\",\"steps\":%d,\"bodies\":%d,"
                "\"contacts\":%d,\"joints\":%d,\"medianMs\":%.4f,\"minMs\":%.4f,\"maxMs\":%.4f,"
                "\"stands\":%s,\"maximumDrift\":%s}\n",
                s.name.c_str(), steps, bodies, contacts, s.world->GetJointCount(), median, times.front(),
                times.back(), stands, drift);
    delete s.world;
    return 0;
}
