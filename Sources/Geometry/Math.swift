// The C math functions Geometry needs, without importing Foundation into every module.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
