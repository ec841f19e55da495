// Made by board/places/make-places.py: do not edit. The towns of JAKIM's list of each zone's
// districts that GeoNames has in the same state, at GeoNames' positions (CC BY 4.0).
extension MalaysiaZone {
    static let towns: [(zone: String, latitude: Double, longitude: Double)] = [
        ("JHR02", 1.4655, 103.7578),  // Johor Bahru
        ("JHR02", 1.7381, 103.8999),  // Kota Tinggi
        ("JHR02", 2.4312, 103.8405),  // Mersing
        ("JHR02", 1.6561, 103.6032),  // Kulai
        ("JHR03", 2.0305, 103.3169),  // Kluang
        ("JHR04", 1.8548, 102.9325),  // Batu Pahat
        ("JHR04", 2.0442, 102.5689),  // Muar
        ("JHR04", 2.5148, 102.8158),  // Segamat
        ("JHR04", 2.2673, 102.5453),  // Tangkak
        ("KDH02", 5.9952, 100.4788),  // Pendang
        ("KDH03", 5.8333, 100.7500),  // Sik
        ("KDH05", 5.1343, 100.4955),  // Bandar Baharu
        ("KDH05", 5.3650, 100.5618),  // Kulim
        ("KTN01", 6.1236, 102.2433),  // Kota Bharu
        ("KTN01", 6.0493, 102.1399),  // Pasir Mas
        ("KTN01", 5.8333, 102.4000),  // Pasir Puteh
        ("KTN01", 5.8000, 102.1500),  // Tanah Merah
        ("KTN01", 5.5313, 102.1993),  // Kuala Krai
        ("NGS01", 2.4701, 102.2302),  // Tampin
        ("NGS02", 2.7389, 102.2487),  // Kuala Pilah
        ("NGS02", 2.5897, 102.0913),  // Rembau
        ("NGS03", 2.5246, 101.7965),  // Port Dickson
        ("NGS03", 2.7297, 101.9381),  // Seremban
        ("PHG02", 3.8077, 103.3260),  // Kuantan
        ("PHG02", 3.4836, 103.3996),  // Pekan
        ("PHG03", 3.9360, 102.3626),  // Jerantut
        ("PHG03", 3.5860, 102.7730),  // Maran
        ("PHG04", 3.7899, 101.8570),  // Raub
        ("PLS01", 6.4414, 100.1986),  // Kangar
        ("PRK02", 4.7667, 100.9333),  // Kuala Kangsar
        ("PRK02", 4.3945, 101.1947),  // Sungai Siput
        ("PRK02", 4.5841, 101.0829),  // Ipoh
        ("PRK02", 4.4692, 101.0411),  // Batu Gajah
        ("PRK02", 4.3000, 101.1500),  // Kampar
        ("PRK05", 4.0222, 101.0208),  // Teluk Intan
        ("PRK05", 4.4833, 100.9167),  // Parit
        ("PRK05", 4.2323, 100.6298),  // Lumut
        ("PRK05", 4.2168, 100.6996),  // Sitiawan
        ("PRK06", 5.2236, 100.6926),  // Selama
        ("PRK06", 4.8500, 100.7333),  // Taiping
        ("PRK06", 5.0108, 100.5410),  // Bagan Serai
        ("PRK06", 5.1267, 100.4932),  // Parit Buntar
        ("SBH03", 5.0230, 118.3290),  // Lahad Datu
        ("SBH03", 4.4818, 118.6112),  // Semporna
        ("SBH05", 6.8873, 116.8236),  // Kudat
        ("SBH07", 5.9749, 116.0724),  // Kota Kinabalu
        ("SBH07", 5.9538, 116.6641),  // Ranau
        ("SBH07", 5.7333, 115.9333),  // Papar
        ("SBH07", 5.9258, 116.0609),  // Putatan
        ("SBH08", 5.3378, 116.1602),  // Keningau
        ("SBH08", 5.7167, 116.4000),  // Tambunan
        ("SBH09", 5.3473, 115.7455),  // Beaufort
        ("SBH09", 5.5714, 115.5984),  // Kuala Penyu
        ("SBH09", 5.0790, 115.5496),  // Sipitang
        ("SGR01", 2.6931, 101.7498),  // Sepang
        ("SGR01", 3.1137, 101.8142),  // Hulu Langat
        ("SGR01", 3.0851, 101.5328),  // Shah Alam
        ("SGR02", 3.3500, 101.2500),  // Kuala Selangor
        ("SGR03", 3.0367, 101.4433),  // Klang
        ("SWK01", 4.7548, 115.0101),  // Limbang
        ("SWK01", 4.8604, 115.4090),  // Lawas
        ("SWK02", 4.3993, 113.9916),  // Miri
        ("SWK02", 3.8620, 113.7152),  // Niah
        ("SWK02", 4.1833, 114.3167),  // Marudi
        ("SWK03", 2.7000, 113.7833),  // Belaga
        ("SWK03", 2.8833, 112.8500),  // Tatau
        ("SWK03", 3.1167, 113.2667),  // Sebauh
        ("SWK03", 3.1667, 113.0333),  // Bintulu
        ("SWK04", 2.3000, 111.8167),  // Sibu
        ("SWK04", 2.8944, 112.0914),  // Mukah
        ("SWK04", 2.6667, 112.0833),  // Dalat
        ("SWK04", 2.1000, 112.1500),  // Kanowit
        ("SWK04", 1.9955, 112.9325),  // Kapit
        ("SWK05", 2.1167, 111.5167),  // Sarikei
        ("SWK05", 2.0167, 111.9167),  // Julau
        ("SWK05", 2.5169, 111.4300),  // Daro
        ("SWK06", 1.2472, 111.4528),  // Sri Aman
        ("SWK06", 1.4000, 111.5167),  // Betong
        ("SWK06", 1.7333, 111.3333),  // Saratok
        ("SWK07", 1.1667, 110.5667),  // Serian
        ("SWK07", 1.3833, 110.7500),  // Simunjan
        ("SWK08", 1.5500, 110.3333),  // Kuching
        ("SWK08", 1.4167, 110.1500),  // Bau
        ("SWK08", 1.6744, 109.8517),  // Lundu
        ("TRG01", 5.3302, 103.1408),  // Kuala Terengganu
        ("TRG01", 5.2056, 103.2059),  // Marang
        ("TRG01", 5.3729, 103.0205),  // Kuala Nerus
        ("TRG04", 4.7750, 103.4162),  // Dungun
        ("WLY01", 3.1412, 101.6865),  // Kuala Lumpur
        ("WLY01", 2.9353, 101.6911),  // Putrajaya
        ("WLY02", 5.2803, 115.2475),  // Labuan
    ]
}
