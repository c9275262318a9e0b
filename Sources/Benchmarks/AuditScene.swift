// AuditScene: one random scene of the energy audit, its YAML and what the audit must know of it
// beyond the YAML to count its energy: the springs' rest lengths and frequencies, the fields'
// kinds and strengths, gravity, the charges, and the drivers whose work may add energy (pushes,
// motors, snaps). The generator (AuditSceneGenerator.swift) fills it as it writes the YAML, so
// the two always describe the same scene.
import Geometry

extension EnergyAudit {
    /// One random scene and what the audit needs to know of it beyond its YAML.
    public struct Scene: Sendable {
        public var seed: UInt64
        public var yaml: String
        /// The kinds the scene uses.
        public var kinds: Set<Kind> = []
        struct Push { var item: String; var force: Vector }
        struct Motor { var item: String; var to: String?; var torque: Double }
        struct Spring { var item: String; var offset: Vector; var to: String?; var toOffset: Vector; var anchor: Point
                        var rest: Double; var hertz: Double }
        struct Field { var kind: String; var items: [String]; var position: Point; var strength: Double
                       var direction: Vector }
        struct Gravity { var acceleration: Vector }
        var pushes: [Push] = []
        var motors: [Motor] = []
        var springs: [Spring] = []
        var fields: [Field] = []
        var gravity: Gravity?
        var snaps: [(item: String, distance: Double)] = []
        var charges: [String: Double] = [:]
    }
}
