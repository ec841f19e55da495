// swift-tools-version: 6.1
import PackageDescription

// make rig: the same build against libgpiod 2 built from source (MIHRAB_GPIOD_PREFIX, the
// directory hal/tools/build-libgpiod-v2.sh fills). Only hal/gpiod's shim includes <gpiod.h>, so
// only it is compiled again and the binary relinked, rather than every module for an -Xcc -I.
let gpiodPrefix = Context.environment["MIHRAB_GPIOD_PREFIX"].flatMap { $0.isEmpty ? nil : $0 }
let gpiodCFlags: [CSetting] = gpiodPrefix.map { [.unsafeFlags(["-I\($0)/include"])] } ?? []
let gpiodLinkerFlags: [LinkerSetting] = gpiodPrefix.map { [.unsafeFlags(["-L\($0)/lib", "-Xlinker", "-rpath", "-Xlinker", "\($0)/lib"])] } ?? []

// `make bench` (ordo-one/benchmark) on the development toolchain only. Its 1.38.1 gives Swift 6.2
// another manifest (a Jemalloc trait, no MallocInterposer), and the packages for Debian 13 are
// built with Debian's swiftlang 6.2.3 (board/cross), which needs no benchmarks: there the
// dependency and its target are left out.
#if compiler(>=6.3)
let benchmarkPackages: [Package.Dependency] = [
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
]
let benchmarkTargets: [Target] = [
    // `make bench` (swift package benchmark): the plugin wants its targets under Benchmarks/.
    .executableTarget(
        name: "MihrabBenchmarks",
        dependencies: ["PrayerTimes", "Geo", "Compass", "HAL", "Drivers", "Simulation", "Service", "UnitModel", "Audio", "Screen", "AdhanSwift",
                       .product(name: "Logging", package: "swift-log"),
                       .product(name: "Benchmark", package: "benchmark")],
        path: "Benchmarks/MihrabBenchmarks",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // adhan-swift (0bc1000, MIT), vendored: the day-schedule's peer in `make bench`, in its own
    // Swift 5 mode (not our code). AdhanInstructions: its day-schedules for callgrind, the same
    // work as ScheduleInstructions --six (Benchmarks/instructions.sh).
    .target(
        name: "AdhanSwift",
        path: "Benchmarks/Instructions/AdhanSwift",
        exclude: ["LICENSE", "README.md"],
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .executableTarget(
        name: "AdhanInstructions",
        dependencies: ["AdhanSwift"],
        path: "Benchmarks/Instructions/AdhanInstructions"
    ),
]
#else
let benchmarkPackages: [Package.Dependency] = []
let benchmarkTargets: [Target] = []
#endif

let package = Package(
    name: "Mihrab",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "mihrab", targets: ["mihrab"]),
        .library(name: "PrayerTimes", targets: ["PrayerTimes"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // The web front: HTTP/1.1 and TLS from SwiftNIO through Hummingbird (NIOSSL's BoringSSL, the
        // only one in the binary). Signatures, scrypt, hashes and the admin page's self-signed
        // certificate come from Debian's libcrypto (hal/crypto), opened when first needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ] + benchmarkPackages,
    targets: [
        // hal/: thin C shims over the system libraries, one small stable interface each. The
        // libraries are opened when first needed (hal/dynamic: dlopen behind trampolines with the
        // libraries' own names), not linked: a command loads only what it uses.
        .target(name: "CDynamic", path: "hal/dynamic"),
        .target(name: "CGpiod", path: "hal/gpiod", cSettings: gpiodCFlags, linkerSettings: [.linkedLibrary("gpiod")] + gpiodLinkerFlags),
        .target(name: "CI2C", dependencies: ["CDynamic"], path: "hal/i2c"),
        .target(name: "CGps", dependencies: ["CDynamic"], path: "hal/gps", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CClock", path: "hal/clock"),
        // HDMI-CEC: the kernel's /dev/cecN ioctls (linux/cec.h), no library.
        .target(name: "CCEC", path: "hal/cec"),
        .target(name: "CSndfile", dependencies: ["CDynamic"], path: "hal/sndfile"),
        .target(name: "CAlsa", dependencies: ["CDynamic"], path: "hal/alsa"),
        .target(name: "CMosquitto", dependencies: ["CDynamic"], path: "hal/mosquitto"),
        .target(name: "CCrypto", dependencies: ["CDynamic"], path: "hal/crypto"),
        // QR codes: Debian's libqrencode4, its two functions declared by the shim (no -dev package).
        .target(name: "CQRencode", dependencies: ["CDynamic"], path: "hal/qrencode"),

        // Pure computation: no hardware, no Foundation, deterministic.
        .target(name: "PrayerTimes"),
        .target(name: "Geo", exclude: ["WMM/WMM2025.COF"]),
        .target(name: "Compass", dependencies: ["Geo"]),
        // GeoNames' places of 15,000 people or more, searched by name or position from the table
        // the package installs (board/places/places.tsv, read per search), and the method each
        // country's authority uses.
        .target(name: "Places", dependencies: ["PrayerTimes"]),

        // The hardware layer: protocols, chip drivers written against them, the real Linux
        // backends, and the simulation (register-level emulators, world, virtual clock).
        .target(name: "HAL"),
        // What the unit takes from the system that FoundationEssentials does not give: threads,
        // the standard streams, printf's numbers. No module of the product imports Foundation,
        // whose ICU data would be 34 MB of the binary.
        .target(name: "Platform", dependencies: ["CClock"]),
        // Sound: decoding (libsndfile) and the player thread over a PCM device.
        .target(name: "Audio", dependencies: ["HAL", "CSndfile", "Platform"]),
        .target(name: "Drivers", dependencies: ["HAL", "Geo"]),
        .target(name: "LinuxHAL", dependencies: ["HAL", "CGpiod", "CI2C", "CGps", "CClock", "CCEC", "CAlsa", "Platform"]),
        .target(name: "Simulation", dependencies: ["HAL", "Drivers", "Geo", "Compass", "Audio"]),

        // The unit's model, what every output reads: the snapshot and its hub, the status
        // (status.json, MQTT's), the screens' model and input, the events, the site config's
        // values (read by Service's loaders). Values and pure functions over the pure modules:
        // no loop, no files, no TOML, no sound decoding, no logging.
        .target(name: "UnitModel", dependencies: ["PrayerTimes", "Compass", "HAL", "Platform"]),

        // The unit's behaviour: the control loop (Daemon, UnitCore), the planner, alerts, sound
        // and LEDs, config loading (TOML) and state files, making the model's values.
        .target(name: "Service", dependencies: [
            "UnitModel", "CClock", "Platform",
            // Not Drivers: sensors come in through HAL's protocols. Audio (below it: HAL and
            // libsndfile) decodes the sound files a config names, when the config is read.
            "PrayerTimes", "Geo", "Compass", "HAL", "Audio", "TOMLKit",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Board assembly: a board file (real, simulated, a rig's) becomes the unit's hardware, its
        // display bus and its speaker, in one place every command asks.
        .target(name: "Assembly", dependencies: ["Service", "Platform", "HAL", "Drivers", "Compass", "Simulation", "LinuxHAL", "Audio"]),

        // The web front both servers stand on: Hummingbird's HTTP/1.1 server on an event loop of
        // its own, with the limits every connection has (header and URL sizes, timeouts, caps per
        // server and per client), and TLS for the admin page.
        .target(
            name: "WebFront",
            dependencies: [
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The unit's languages (the words of its screens, the prayers' names), embedded: read by
        // the wall screen and the admin page alike, neither importing the other.
        .target(name: "Languages",
                resources: [.embedInCode("Files/en.json"), .embedInCode("Files/ar.json"), .embedInCode("Files/ur.json"),
                            .embedInCode("Files/tr.json"), .embedInCode("Files/ms.json"), .embedInCode("Files/id.json"),
                            .embedInCode("Files/fr.json")]),

        // The wall screen: the HTTP server (off the loop, reading snapshots only) and the page,
        // its assets and languages embedded in the binary.
        .target(
            name: "Screen",
            dependencies: ["Service", "UnitModel", "Platform", "Languages", "PrayerTimes", "WebFront", "QRCode", .product(name: "HummingbirdCore", package: "hummingbird"),
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "HTTPTypes", package: "swift-http-types"),
                           .product(name: "Logging", package: "swift-log")],
            resources: [.embedInCode("Assets/screen.html"), .embedInCode("Assets/screen.css"), .embedInCode("Assets/screen.js"), .embedInCode("Assets/audit.js"),
                        .embedInCode("Assets/screen-fit.js"), .embedInCode("Assets/screen-events.js"),
                        .embedInCode("Assets/screen-khutbah.js"), .embedInCode("Assets/screen-setup.js"),
                        .embedInCode("Assets/screen-message.js"), .embedInCode("Assets/screen-qr.js"),
                        .embedInCode("Assets/screen-forbidden.js"), .embedInCode("Assets/screen-large.js"),
                        .embedInCode("Assets/screen-announcements.js")]
        ),

        // Small displays on the I2C bus (OLED, character LCD): what they show, from the same
        // screen model as the wall screen, drawn with our bitmap fonts, sent off the loop.
        .target(name: "Panels", dependencies: ["CClock", "Platform", "Service", "UnitModel", "Drivers", "HAL", "PrayerTimes"], exclude: ["Fonts/make-fonts.py"]),

        // QR codes (the setup screen's address): libqrencode's modules as a value, an SVG, rows of 0 and 1.
        .target(name: "QRCode", dependencies: ["CQRencode"]),

        // The unit on the mosque's network: MQTT (libmosquitto) for the site's shared settings,
        // status, events, commands and Home Assistant discovery, off the loop.
        .target(name: "SiteLink", dependencies: ["CMosquitto", "CCrypto", "HAL", "Platform", "Service", "UnitModel", "PrayerTimes", .product(name: "Logging", package: "swift-log")]),
        // The admin page for the people who run the mosque: HTTPS on the web front; login, site
        // settings, the site's units.
        .target(
            name: "Admin",
            dependencies: ["CCrypto", "Platform", "Service", "UnitModel", "Languages", "PrayerTimes", "WebFront", "TOMLKit",
                           .product(name: "HummingbirdCore", package: "hummingbird"),
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                           .product(name: "HTTPTypes", package: "swift-http-types"),
                           .product(name: "Logging", package: "swift-log")],
            // The page's words, one file per language the wall screen has (its prayer names are the screen's).
            resources: [.embedInCode("Languages/en.json"), .embedInCode("Languages/ar.json"), .embedInCode("Languages/ur.json"),
                        .embedInCode("Languages/tr.json"), .embedInCode("Languages/ms.json"), .embedInCode("Languages/id.json"),
                        .embedInCode("Languages/fr.json")]
        ),

        .executableTarget(
            name: "mihrab",
            dependencies: [
                "PrayerTimes", "Geo", "Compass", "HAL", "Drivers", "Simulation", "LinuxHAL", "Audio", "Service", "UnitModel", "Assembly", "Screen", "Panels", "SiteLink", "Admin", "TOMLKit", "Platform", "QRCode", "Places",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // `make bench` (Benchmarks/instructions.sh): day-schedules with local times, N of them, for
        // callgrind's instruction count. A level below Benchmarks/, out of the plugin's sight.
        .executableTarget(
            name: "ScheduleInstructions",
            dependencies: ["PrayerTimes"],
            path: "Benchmarks/Instructions/ScheduleInstructions"
        ),
        // The same for the year's calendar feed (one request of /calendar.ics?days=366).
        .executableTarget(
            name: "FeedInstructions",
            dependencies: ["PrayerTimes", "Screen", "UnitModel"],
            path: "Benchmarks/Instructions/FeedInstructions"
        ),

        // `make jakim-zones`: JAKIM's zones' reference points fitted to its own table (the
        // source of JakimZone.table); a tool of the repository's, not in the package a unit installs.
        .target(name: "ReferenceFit", dependencies: ["PrayerTimes"]),
        .executableTarget(name: "fit-reference-points", dependencies: ["ReferenceFit", "PrayerTimes"]),
        .testTarget(name: "ReferenceFitTests", dependencies: ["ReferenceFit", "PrayerTimes"]),

        .testTarget(name: "PrayerTimesTests", dependencies: ["PrayerTimes", "ReferenceFit"], exclude: ["Fixtures"]),
        .testTarget(name: "GeoTests", dependencies: ["Geo"], exclude: ["Fixtures"]),
        .testTarget(name: "PlacesTests", dependencies: ["Places", "PrayerTimes"]),
        .testTarget(name: "CompassTests", dependencies: ["Compass", "Geo"]),
        // Screen: the wall screen's JSON held to its samples with the server's own encoder (Fixtures/samples).
        .testTarget(name: "ServiceTests", dependencies: ["Service", "UnitModel", "Audio", "Simulation", "PrayerTimes", "HAL", "Drivers", "Compass", "Platform", "TestSupport",
                                                  "Screen", .product(name: "Logging", package: "swift-log")],
                    exclude: ["Fixtures"]),
        .testTarget(name: "HALTests", dependencies: ["HAL"]),
        .testTarget(name: "AssemblyTests", dependencies: ["Assembly", "Service", "Simulation", "HAL", "Drivers", "Compass", "Platform", "TestSupport"]),
        .testTarget(name: "WebFrontTests", dependencies: ["WebFront", .product(name: "NIOCore", package: "swift-nio"),
                                                  .product(name: "NIOEmbedded", package: "swift-nio")]),
        .testTarget(name: "DriversTests", dependencies: ["HAL", "Drivers", "Simulation", "Compass"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // A command's peak memory for the tests (a test process cannot read its own child's).
        .executableTarget(name: "PeakMemory", path: "Tests/PeakMemory"),
        .testTarget(name: "LinuxHALTests", dependencies: ["LinuxHAL", "HAL", "CI2C", "CAlsa", "CGps", "CDynamic", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "AudioTests", dependencies: ["Audio", "HAL", "CSndfile", "CDynamic", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "MihrabCLITests", dependencies: ["mihrab", "PrayerTimes", "TestSupport"]),
        .testTarget(name: "ScreenTests", dependencies: ["Screen", "Languages", "Service", "UnitModel", "PrayerTimes", "TestSupport",
                                                // The routes driven in-process (the calendar feed), no server.
                                                .product(name: "HummingbirdCore", package: "hummingbird"),
                                                .product(name: "HTTPTypes", package: "swift-http-types"),
                                                .product(name: "NIOCore", package: "swift-nio")],
                    exclude: ["ics_check.py"]),
        .testTarget(name: "SiteLinkTests", dependencies: ["SiteLink", "CDynamic", "CMosquitto", "CCrypto", "Service", "UnitModel", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "AdminTests", dependencies: ["Admin", "Service", "UnitModel", "PrayerTimes", "TOMLKit", "TestSupport", "WebFront",
                                               .product(name: "Logging", package: "swift-log"),
                                               // The routes driven in-process (a request made, its response read), no server.
                                               .product(name: "HummingbirdCore", package: "hummingbird"),
                                               .product(name: "HTTPTypes", package: "swift-http-types"),
                                               .product(name: "NIOCore", package: "swift-nio")]),
        // Each code drawn by rsvg-convert and read back by zbarimg (librsvg2-bin, zbar-tools); the
        // avahi service file checked by xmllint (libxml2-utils) against avahi's DTD.
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode", "TestSupport"]),
        .testTarget(name: "PanelsTests", dependencies: ["Panels", "Assembly", "Drivers", "Service", "UnitModel", "PrayerTimes", "Simulation", "HAL", "TestSupport",
                                                .product(name: "Logging", package: "swift-log")]),
    ] + benchmarkTargets,
    swiftLanguageModes: [.v6]
)


// The product's Swift modules see the members of the modules they import themselves, not those
// that a dependency's imports leak (SE-0444): TOMLKit imports Foundation, whose extensions
// (trimmingCharacters, contains, replacingOccurrences) would otherwise resolve silently and
// link Foundation, and with it ICU's 34 MB of data.
for target in package.targets where target.type == .regular || target.type == .executable {
    guard !["ReferenceFit", "fit-reference-points", "ScheduleInstructions", "FeedInstructions", "PeakMemory", "MihrabBenchmarks", "TestSupport",
             "AdhanSwift", "AdhanInstructions"].contains(target.name),
          target.path?.hasPrefix("hal/") != true else { continue }
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

// The test targets that depend on the processor (floating point, byte order, bit fields, the
// emulators' registers), for the arm64 check under qemu-user (Tests/cross/check.sh):
// MIHRAB_ARCH_TESTS=1 leaves the package with them and what they need, no other package. The
// rest of the unit is proved on arm64 by the binary itself (a year of times and a simulated day
// byte for byte equal to x86's) and by the arm64 package booted under qemu-system.
if Context.environment["MIHRAB_ARCH_TESTS"] == "1" {
    let kept: Set<String> = ["PrayerTimes", "Geo", "Compass", "HAL", "Drivers", "Simulation", "Audio", "CSndfile", "CDynamic", "Platform", "CClock", "ReferenceFit",
                             "PrayerTimesTests", "GeoTests", "CompassTests", "HALTests", "DriversTests"]
    package.dependencies = []
    package.products = []
    package.targets = package.targets.filter { kept.contains($0.name) }
}
