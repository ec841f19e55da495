import CMosquitto
import FoundationEssentials
import Glibc
import Service
import Synchronization
import UnitModel

/// One connection to the broker over libmosquitto (Debian's libmosquitto-dev), on the
/// library's own network thread (`mosquitto_loop_start`): it connects, keeps alive, and
/// reconnects after a lost link (1 s, doubling to 15 s) by itself. Callbacks come on that
/// thread; they must hand work on, never block it. Nothing here touches the control loop.
public final class MQTTClient: @unchecked Sendable {
    // @unchecked: `mosq` is used through libmosquitto's thread-safe calls (publish,
    // subscribe, disconnect); the callbacks are set before the thread starts and not after.
    public struct Options: Sendable {
        public var clientID: String
        public var broker: BrokerURL
        public var credentials: MQTTCredentials?
        public var caFile: String
        /// Published by the broker if the link is lost without a clean goodbye.
        public var will: (topic: String, payload: Data, retain: Bool)?
        public var keepAlive: Int32 = 20
        public init(clientID: String, broker: BrokerURL, credentials: MQTTCredentials?, caFile: String = "",
                    will: (topic: String, payload: Data, retain: Bool)? = nil) {
            (self.clientID, self.broker, self.credentials, self.caFile, self.will) = (clientID, broker, credentials, caFile, will)
        }
    }

    public struct Message: Sendable {
        public var topic: String
        public var payload: Data
        public var retained: Bool
    }

    public var onConnect: (@Sendable () -> Void)?
    /// The broker refused the login or the link dropped: libmosquitto's reason, one line.
    public var onDisconnect: (@Sendable (String) -> Void)?
    public var onMessage: (@Sendable (Message) -> Void)?
    /// A QoS 1 message the broker acknowledged (its message id).
    public var onPublished: (@Sendable (Int32) -> Void)?

    let options: Options
    private let mosq: OpaquePointer
    private let started = Atomic<Bool>(false)
    private let connectedFlag = Atomic<Bool>(false)

    public init(_ options: Options) throws(MQTTError) {
        // libmosquitto and OpenSSL open the CA file themselves, blocking: it is checked first
        // (a regular file, at most 1 MiB), so that a FIFO in its place cannot hang the unit.
        if options.broker.tls, !options.caFile.isEmpty, case .failure(let problem) = readSmallFile(options.caFile, limit: 1 << 20) {
            throw MQTTError("network.ca_file: \(options.caFile): \(problem)")
        }
        if let reason = mihrab_mqtt_library_error() { throw MQTTError.libraryMissing("libmosquitto", String(cString: reason)) }
        // Signatures over what comes in and goes out (hal/crypto) need libcrypto.
        try SigningKey.checkLibrary()
        let rc = mihrab_mqtt_init()
        guard rc == MOSQ_ERR_SUCCESS.rawValue else { throw MQTTError("libmosquitto: \(MQTTError.text(rc))") }
        guard let m = mosquitto_new(options.clientID, true, nil) else {
            throw MQTTError("libmosquitto: cannot make a client (\(String(cString: strerror(errno))))")
        }
        mosq = m
        self.options = options
        var status = mosquitto_int_option(m, MOSQ_OPT_PROTOCOL_VERSION, Int32(MQTT_PROTOCOL_V311))
        if let c = options.credentials, status == 0 { status = mosquitto_username_pw_set(m, c.username, c.password) }
        if let w = options.will, status == 0 {
            status = w.payload.withUnsafeBytes { mosquitto_will_set(m, w.topic, Int32(w.payload.count), $0.baseAddress, 1, w.retain) }
        }
        if options.broker.tls, status == 0 {
            status = mosquitto_tls_set(m, options.caFile.isEmpty ? nil : options.caFile,
                                       options.caFile.isEmpty ? "/etc/ssl/certs" : nil, nil, nil, nil)
        }
        if status == 0 { status = mosquitto_reconnect_delay_set(m, 1, 15, true) }
        guard status == 0 else {
            mosquitto_destroy(m)
            throw MQTTError("\(options.broker): \(MQTTError.text(status))")
        }
    }

    deinit {
        stop()
        mosquitto_destroy(mosq)
    }

    public var isConnected: Bool { connectedFlag.load(ordering: .relaxed) }

    /// Starts the network thread and the first connection (a broker that is not there yet is
    /// retried by the thread: nothing waits for it).
    public func start() throws(MQTTError) {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        mosquitto_user_data_set(mosq, me)
        mosquitto_connect_callback_set(mosq) { _, obj, rc in
            guard let obj else { return }
            let c = Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue()
            if rc == 0 {
                c.connectedFlag.store(true, ordering: .relaxed)
                c.onConnect?()
            } else {
                c.onDisconnect?("the broker refused the connection: \(String(cString: mosquitto_connack_string(rc)))")
            }
        }
        mosquitto_disconnect_callback_set(mosq) { _, obj, rc in
            guard let obj else { return }
            let c = Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue()
            c.connectedFlag.store(false, ordering: .relaxed)
            if rc != 0 { c.onDisconnect?("link lost: \(MQTTError.text(rc))") }
        }
        mosquitto_message_callback_set(mosq) { _, obj, m in
            guard let obj, let m, let topic = m.pointee.topic else { return }
            let c = Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue()
            let n = Int(max(0, m.pointee.payloadlen))
            let payload = m.pointee.payload.map { Data(bytes: $0, count: n) } ?? Data()
            c.onMessage?(Message(topic: String(cString: topic), payload: payload, retained: m.pointee.retain))
        }
        mosquitto_publish_callback_set(mosq) { _, obj, mid in
            guard let obj else { return }
            Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue().onPublished?(mid)
        }
        // connect_async: a broker that is down now is not an error; the thread retries it.
        let rc = mosquitto_connect_async(mosq, options.broker.host, Int32(options.broker.port), options.keepAlive)
        if rc != 0 { onDisconnect?(MQTTError.text(rc)) }
        let loop = mosquitto_loop_start(mosq)
        guard loop == 0 else { throw MQTTError("libmosquitto: no network thread (\(MQTTError.text(loop)))") }
    }

    /// Queues a message (QoS 1); false while there is no link (the caller publishes again
    /// on the next connect). Returns the message id.
    @discardableResult
    public func publish(_ topic: String, _ payload: Data, retain: Bool, qos: Int32 = 1) -> Int32? {
        var mid: Int32 = 0
        let rc = payload.withUnsafeBytes { mosquitto_publish(mosq, &mid, topic, Int32(payload.count), $0.baseAddress, qos, retain) }
        return rc == 0 ? mid : nil
    }

    public func subscribe(_ pattern: String, qos: Int32 = 1) {
        _ = mosquitto_subscribe(mosq, nil, pattern, qos)
    }

    /// A clean goodbye (no last will), then the thread ends. Waits at most `timeout` for the
    /// queued messages to go out.
    public func stop(flushing timeout: Double = 2) {
        guard started.exchange(false, ordering: .relaxed) else { return }
        if isConnected {
            let end = Date().addingTimeInterval(timeout)
            while mosquitto_want_write(mosq), Date() < end { usleep(10_000) }
        }
        mosquitto_disconnect(mosq)
        mosquitto_loop_stop(mosq, false)
        connectedFlag.store(false, ordering: .relaxed)
    }
}

/// A broker login, read from a file "username:password" that only the unit's user may read.
public struct MQTTCredentials: Sendable, Equatable {
    public var username: String
    public var password: String
    public init(username: String, password: String) { (self.username, self.password) = (username, password) }

    /// The file's one line; refused when group or others can read it (a secret).
    public static func load(_ path: String) throws(MQTTError) -> MQTTCredentials {
        var st = stat()
        guard stat(path, &st) == 0 else { throw MQTTError("\(path): cannot be read (\(String(cString: strerror(errno))))") }
        guard st.st_mode & 0o077 == 0 else {
            throw MQTTError("\(path): readable by others (mode \(String(st.st_mode & 0o777, radix: 8))): chmod 600 it, it holds a password")
        }
        let text: String
        switch readSmallFile(path, limit: 4096) {
        case .success(let data?): text = String(decoding: data, as: UTF8.self)
        case .success(nil): throw MQTTError("\(path): cannot be read (no such file)")
        case .failure(let problem): throw MQTTError("\(path): \(problem)")
        }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
            throw MQTTError("\(path): must hold one line \"username:password\"")
        }
        return MQTTCredentials(username: String(line[..<colon]), password: String(line[line.index(after: colon)...]))
    }
}

public struct MQTTError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ d: String) { description = d }

    /// libmosquitto or libcrypto could not be opened (dlopen, on first use): the loader's one line.
    public static func libraryMissing(_ library: String, _ reason: String) -> MQTTError { MQTTError("\(library) cannot be loaded: \(reason)") }

    static func text(_ rc: Int32) -> String {
        if rc == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
        let text = String(cString: mosquitto_strerror(rc))
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
