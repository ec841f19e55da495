/// Report lines as gpsd 3.22 writes them (taken from `gpspipe -w` against gpsfake and a
/// u-blox receiver), for FakeGPSD scripts. Numbers in TPV are passed as text so that a
/// test can write what a broken receiver or gpsd would: "999", "1e".
public enum GPSDReport {
    public static let version =
        #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#

    public static let devices =
        #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0","driver":"u-blox","#
        + #""subtype":"SW ROM CORE 3.01 (107888),HW 00080000","activated":"2026-03-20T08:59:58.120Z","#
        + #""flags":1,"native":1,"bps":9600,"parity":"N","stopbits":1,"cycle":1.00,"mincycle":0.25}]}"#

    public static let watch =
        #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"#
        + #""split24":false,"pps":false}"#

    /// A DEVICE report (gpsd sends one when a receiver comes or goes).
    public static func device(path: String = "/dev/ttyACM0", activated: Bool = true) -> String {
        #"{"class":"DEVICE","path":""# + path + #"","driver":"u-blox","# +
            (activated ? #""activated":"2026-03-20T08:59:58.120Z","# : #""activated":0,"#) +
            #""flags":1,"native":1,"bps":9600,"parity":"N","stopbits":1,"cycle":1.00,"mincycle":0.25}"#
    }

    /// A 3D fix; `lat` and `lon` go into the line as given.
    public static func tpv(lat: String, lon: String, second: Int = 0) -> String {
        let time = "2026-03-20T09:00:" + (second < 10 ? "0" : "") + String(second) + ".000Z"
        return #"{"class":"TPV","device":"/dev/ttyACM0","status":1,"mode":3,"time":""# + time + #"","ept":0.005,"# +
            #""lat":"# + lat + #","lon":"# + lon + #","altHAE":277.0000,"altMSL":277.0000,"alt":277.0000,"# +
            #""epx":2.512,"epy":3.108,"epv":5.980,"track":0.0000,"magtrack":3.5451,"magvar":3.5,"speed":0.012,"# +
            #""climb":-0.004,"eps":6.22,"epc":11.96,"geoidSep":0.000,"eph":4.120,"sep":7.260}"#
    }

    /// No fix (a receiver indoors).
    public static let noFix =
        #"{"class":"TPV","device":"/dev/ttyACM0","mode":1,"time":"2026-03-20T09:00:00.000Z","ept":0.005}"#

    public static let sky =
        #"{"class":"SKY","device":"/dev/ttyACM0","time":"2026-03-20T09:00:00.000Z","xdop":0.62,"ydop":0.88,"#
        + #""vdop":1.30,"tdop":0.80,"hdop":0.90,"gdop":1.80,"pdop":1.60,"satellites":["#
        + #"{"PRN":5,"el":31.0,"az":86.0,"ss":41.0,"used":true,"gnssid":0,"svid":5,"health":1},"#
        + #"{"PRN":13,"el":58.0,"az":301.0,"ss":38.0,"used":true,"gnssid":0,"svid":13,"health":1},"#
        + #"{"PRN":20,"el":12.0,"az":160.0,"ss":22.0,"used":false,"gnssid":0,"svid":20,"health":1}]}"#

    public static let att =
        #"{"class":"ATT","device":"/dev/ttyACM0","time":"2026-03-20T09:00:00.000Z","heading":14.5,"#
        + #""pitch":1.2,"roll":-0.4,"yaw":14.5}"#
}
