// Dynamics: UIKit Dynamics on a rigid-body engine.
import Geometry
