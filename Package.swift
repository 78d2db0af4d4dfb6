// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Amigo",
    // Linux (the shell and the tests run there); the Amigo library also builds on macOS 15 and
    // later (Synchronization's Mutex); glibc-only calls stay behind #if (scripts/check-layers).
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Amigo", targets: ["Amigo"]),
        .library(name: "AmigoShellCore", targets: ["AmigoShellCore"]),
        // The PostgreSQL engine, apart so that the `Amigo` product only needs SQLite.
        .library(name: "AmigoPostgres", targets: ["AmigoPostgres"]),
        .executable(name: "amigo-shell", targets: ["amigo-shell"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only for `swift package generate-documentation` (DocC); nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // System libraries (Debian: libsqlite3-dev, libncurses-dev, libreadline-dev). The headers are
        // in /usr/include and the module maps name the libraries to link, so no pkg-config: the
        // -D_XOPEN_SOURCE flags of ncursesw.pc and readline.pc make SwiftPM warn "prohibited flag(s)"
        // in every package that depends on this one (the shims define what those flags enabled).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        // libpq (Debian: libpq-dev); the shim includes /usr/include/postgresql/libpq-fe.h by path.
        .systemLibrary(name: "CPostgreSQL", providers: [.apt(["libpq-dev"])]),
        // glibc's wcwidth is only declared under _XOPEN_SOURCE, which Swift's Glibc module lacks.
        .target(name: "CWidth"),
        // glibc's malloc_usable_size, which Swift's Glibc module does not declare.
        .target(name: "CMemory"),
        // glibc's extended attributes (sys/xattr.h), which Swift's Glibc module does not declare.
        .systemLibrary(name: "CXattr"),

        // The ORM: engine → schema → SQL → filter → ORM → reflection, as folders of one module.
        .target(name: "Amigo", dependencies: ["CSQLite", "CMemory"]),
        // The PostgreSQL engine and dialect over libpq, behind the same Engine protocol.
        .target(name: "AmigoPostgres", dependencies: ["Amigo", "CPostgreSQL"]),
        // The shell's pure core: navigation state, command language, key map, layout into a grid.
        .target(name: "AmigoShellCore", dependencies: ["Amigo", "CWidth", "CXattr"]),
        // The thin terminal adapter: ncurses blit, key decoding, readline prompt, signals.
        .target(name: "AmigoTerminal", dependencies: ["AmigoShellCore", "CNcursesw", "CReadline"]),
        .executableTarget(name: "amigo-shell", dependencies: [
            "Amigo", "AmigoPostgres", "AmigoShellCore", "AmigoTerminal",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Helpers shared by the test targets (the sample databases, temporary files).
        .target(name: "AmigoTestSupport", dependencies: ["CSQLite"], path: "Tests/AmigoTestSupport"),
        .testTarget(name: "AmigoTests", dependencies: ["Amigo", "CSQLite", "AmigoTestSupport"]),
        .testTarget(name: "AmigoPostgresTests", dependencies: ["AmigoPostgres", "Amigo", "AmigoShellCore", "AmigoTestSupport"]),
        .testTarget(name: "AmigoShellCoreTests", dependencies: ["AmigoShellCore", "Amigo", "AmigoTestSupport"]),
        .testTarget(name: "AmigoTerminalTests", dependencies: ["AmigoTerminal", "AmigoShellCore", "CNcursesw"]),
        .testTarget(name: "EndToEndTests", dependencies: []),
    ]
)
