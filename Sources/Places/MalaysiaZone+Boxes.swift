// The boxes of JAKIM's zones, copied from ReferenceFit's JakimZoneBounds.swift (not in the
// product): the extent of the districts and mukims each zone lists, rounded outward to 0.05
// degree. They overlap; they only narrow the zones a place can be in.
extension MalaysiaZone {
    struct Box: Sendable {
        let zone: String
        let latitude: ClosedRange<Double>
        let longitude: ClosedRange<Double>
        init(_ zone: String, lat: ClosedRange<Double>, lon: ClosedRange<Double>) {
            (self.zone, self.latitude, self.longitude) = (zone, lat, lon)
        }
    }

    static let boxes: [Box] = [
        .init("JHR01", lat: 2.40...2.65, lon: 104.25...104.60),
        .init("JHR02", lat: 1.25...2.70, lon: 103.45...104.30),
        .init("JHR03", lat: 1.25...2.35, lon: 103.00...103.70),
        .init("JHR04", lat: 1.60...2.85, lon: 102.45...103.30),
        .init("KDH01", lat: 5.95...6.55, lon: 100.20...100.60),
        .init("KDH02", lat: 5.55...6.05, lon: 100.30...100.70),
        .init("KDH03", lat: 5.65...6.55, lon: 100.45...101.05),
        .init("KDH04", lat: 5.45...5.85, lon: 100.70...101.10),
        .init("KDH05", lat: 5.05...5.55, lon: 100.40...100.75),
        .init("KDH06", lat: 6.15...6.50, lon: 99.60...99.95),
        .init("KDH07", lat: 5.70...5.85, lon: 100.35...100.50),
        .init("KTN01", lat: 4.95...6.25, lon: 101.85...102.65),
        .init("KTN02", lat: 4.55...5.85, lon: 101.30...102.35),
        .init("MLK01", lat: 2.05...2.55, lon: 102.05...102.55),
        .init("NGS01", lat: 2.40...3.05, lon: 102.10...102.60),
        .init("NGS02", lat: 2.45...3.15, lon: 101.95...102.45),
        .init("NGS03", lat: 2.40...2.95, lon: 101.70...102.05),
        .init("PHG01", lat: 2.70...2.95, lon: 104.05...104.25),
        .init("PHG02", lat: 2.65...4.10, lon: 102.55...103.50),
        .init("PHG03", lat: 2.90...4.60, lon: 102.00...103.00),
        .init("PHG04", lat: 3.30...4.70, lon: 101.55...102.30),
        .init("PHG05", lat: 3.30...3.45, lon: 101.75...101.90),
        .init("PHG06", lat: 3.35...4.65, lon: 101.25...101.85),
        .init("PHG07", lat: 2.45...3.05, lon: 103.30...103.65),
        .init("PLS01", lat: 6.35...6.75, lon: 100.10...100.40),
        .init("PNG01", lat: 5.10...5.50, lon: 100.15...100.55),
        .init("PRK01", lat: 3.60...4.35, lon: 101.10...101.65),
        .init("PRK02", lat: 4.20...5.00, lon: 100.80...101.30),
        .init("PRK03", lat: 5.00...5.85, lon: 100.85...101.40),
        .init("PRK04", lat: 5.30...5.85, lon: 101.30...101.70),
        .init("PRK05", lat: 3.70...4.55, lon: 100.50...101.30),
        .init("PRK06", lat: 4.70...5.30, lon: 100.35...100.90),
        .init("PRK07", lat: 4.80...4.90, lon: 100.75...100.85),
        .init("SBH01", lat: 5.10...6.10, lon: 117.80...119.30),
        .init("SBH02", lat: 4.90...6.50, lon: 116.80...118.10),
        .init("SBH03", lat: 4.30...5.40, lon: 117.80...119.30),
        .init("SBH04", lat: 4.10...4.90, lon: 116.90...118.10),
        .init("SBH05", lat: 6.30...7.40, lon: 116.50...117.50),
        .init("SBH06", lat: 5.95...6.15, lon: 116.45...116.65),
        .init("SBH07", lat: 5.50...6.55, lon: 115.80...116.95),
        .init("SBH08", lat: 4.30...5.90, lon: 115.80...116.90),
        .init("SBH09", lat: 4.30...5.60, lon: 115.30...116.10),
        .init("SGR01", lat: 2.60...3.85, lon: 101.40...101.95),
        .init("SGR02", lat: 3.20...3.90, lon: 100.80...101.40),
        .init("SGR03", lat: 2.60...3.15, lon: 101.20...101.60),
        .init("SWK01", lat: 3.90...5.05, lon: 114.70...115.70),
        .init("SWK02", lat: 3.00...4.70, lon: 113.70...115.20),
        .init("SWK03", lat: 1.80...3.60, lon: 112.40...114.50),
        .init("SWK04", lat: 1.00...3.00, lon: 111.70...114.00),
        .init("SWK05", lat: 1.70...2.90, lon: 111.10...112.00),
        .init("SWK06", lat: 0.95...2.00, lon: 110.90...112.10),
        .init("SWK07", lat: 0.85...1.75, lon: 110.35...111.25),
        .init("SWK08", lat: 1.20...2.05, lon: 109.55...110.45),
        .init("SWK09", lat: 4.85...5.05, lon: 115.45...115.65),
        .init("TRG01", lat: 4.95...5.50, lon: 102.95...103.25),
        .init("TRG02", lat: 5.30...5.90, lon: 102.35...102.95),
        .init("TRG03", lat: 4.70...5.40, lon: 102.45...103.05),
        .init("TRG04", lat: 3.95...4.95, lon: 102.85...103.50),
        .init("WLY01", lat: 2.88...3.26, lon: 101.60...101.76),
        .init("WLY02", lat: 5.20...5.38, lon: 115.15...115.35),
    ]
}
