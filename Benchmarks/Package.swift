// swift-tools-version:6.0
import PackageDescription

// The benchmark harness: Amigo, the raw SQLite C API and GRDB, measured in the same process;
// and Amigo on PostgreSQL beside raw libpq.
// A package of its own so that the main package depends on nothing but swift-argument-parser.
let package = Package(
    name: "AmigoBenchmarks",
    dependencies: [
        .package(name: "Amigo", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .systemLibrary(name: "CSQLiteBench", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQBench", providers: [.apt(["libpq-dev"])]),
        .executableTarget(name: "AmigoBench", dependencies: [
            .product(name: "Amigo", package: "Amigo"),
            .product(name: "AmigoShellCore", package: "Amigo"),
            .product(name: "AmigoPostgres", package: "Amigo"),
            .product(name: "GRDB", package: "GRDB.swift"),
            "CSQLiteBench",
            "CLibPQBench",
        ]),
    ]
)
