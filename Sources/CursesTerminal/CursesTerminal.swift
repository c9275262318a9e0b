// CursesTerminal: placeholder until its issue lands.
import Foundation
