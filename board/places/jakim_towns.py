"""The towns of JAKIM's list of zones that GeoNames has, for Sources/Places/MalaysiaZone+Towns.swift.
For make-places.py."""
from fold import fold

# JAKIM's list of each zone's districts and towns (e-solat.gov.my's zone list), whose towns
# GeoNames has give each zone points of its own beside its fitted reference points
# (Sources/Places/MalaysiaZone+Towns.swift).
JAKIM_ZONES = {
    "JHR01": "Pulau Aur dan Pulau Pemanggil",
    "JHR02": "Johor Bahru, Kota Tinggi, Mersing, Kulai",
    "JHR03": "Kluang, Pontian",
    "JHR04": "Batu Pahat, Muar, Segamat, Gemas Johor, Tangkak",
    "KDH01": "Kota Setar, Kubang Pasu, Pokok Sena (Daerah Kecil)",
    "KDH02": "Kuala Muda, Yan, Pendang",
    "KDH03": "Padang Terap, Sik",
    "KDH04": "Baling",
    "KDH05": "Bandar Baharu, Kulim",
    "KDH06": "Langkawi",
    "KDH07": "Puncak Gunung Jerai",
    "KTN01": "Bachok, Kota Bharu, Machang, Pasir Mas, Pasir Puteh, Tanah Merah, Tumpat, Kuala Krai, Mukim Chiku",
    "KTN02": "Gua Musang (Daerah Galas Dan Bertam), Jeli, Jajahan Kecil Lojing",
    "MLK01": "SELURUH NEGERI MELAKA",
    "NGS01": "Tampin, Jempol",
    "NGS02": "Jelebu, Kuala Pilah, Rembau",
    "NGS03": "Port Dickson, Seremban",
    "PHG01": "Pulau Tioman",
    "PHG02": "Kuantan, Pekan, Muadzam Shah",
    "PHG03": "Jerantut, Temerloh, Maran, Bera, Chenor, Jengka",
    "PHG04": "Bentong, Lipis, Raub",
    "PHG05": "Genting Sempah, Janda Baik, Bukit Tinggi",
    "PHG06": "Cameron Highlands, Genting Higlands, Bukit Fraser",
    "PHG07": "Zon Khas Daerah Rompin, (Mukim Rompin, Mukim Endau, Mukim Pontian)",
    "PLS01": "Kangar, Padang Besar, Arau",
    "PNG01": "Seluruh Negeri Pulau Pinang",
    "PRK01": "Tapah, Slim River, Tanjung Malim",
    "PRK02": "Kuala Kangsar, Sg. Siput , Ipoh, Batu Gajah, Kampar",
    "PRK03": "Lenggong, Pengkalan Hulu, Grik",
    "PRK04": "Temengor, Belum",
    "PRK05": "Kg Gajah, Teluk Intan, Bagan Datuk, Seri Iskandar, Beruas, Parit, Lumut, Sitiawan, Pulau Pangkor",
    "PRK06": "Selama, Taiping, Bagan Serai, Parit Buntar",
    "PRK07": "Bukit Larut",
    "SBH01": "Bahagian Sandakan (Timur), Bukit Garam, Semawang, Temanggong, Tambisan, Bandar Sandakan, Sukau",
    "SBH02": "Beluran, Telupid, Pinangah, Terusan, Kuamut, Bahagian Sandakan (Barat)",
    "SBH03": "Lahad Datu, Silabukan, Kunak, Sahabat, Semporna, Tungku, Bahagian Tawau  (Timur)",
    "SBH04": "Bandar Tawau, Balong, Merotai, Kalabakan, Bahagian Tawau (Barat)",
    "SBH05": "Kudat, Kota Marudu, Pitas, Pulau Banggi, Bahagian Kudat",
    "SBH06": "Gunung Kinabalu",
    "SBH07": "Kota Kinabalu, Ranau, Kota Belud, Tuaran, Penampang, Papar, Putatan, Bahagian Pantai Barat",
    "SBH08": "Pensiangan, Keningau, Tambunan, Nabawan, Bahagian Pendalaman (Atas)",
    "SBH09": "Beaufort, Kuala Penyu, Sipitang, Tenom, Long Pasia, Membakut, Weston, Bahagian Pendalaman (Bawah)",
    "SGR01": "Gombak, Petaling, Sepang, Hulu Langat, Hulu Selangor, S.Alam",
    "SGR02": "Kuala Selangor, Sabak Bernam",
    "SGR03": "Klang, Kuala Langat",
    "SWK01": "Limbang, Lawas, Sundar, Trusan",
    "SWK02": "Miri, Niah, Bekenu, Sibuti, Marudi",
    "SWK03": "Pandan, Belaga, Suai, Tatau, Sebauh, Bintulu",
    "SWK04": "Sibu, Mukah, Dalat, Song, Igan, Oya, Balingian, Kanowit, Kapit",
    "SWK05": "Sarikei, Matu, Julau, Rajang, Daro, Bintangor, Belawai",
    "SWK06": "Lubok Antu, Sri Aman, Roban, Debak, Kabong, Lingga, Engkelili, Betong, Spaoh, Pusa, Saratok",
    "SWK07": "Serian, Simunjan, Samarahan, Sebuyau, Meludam",
    "SWK08": "Kuching, Bau, Lundu, Sematan",
    "SWK09": "Zon Khas (Kampung Patarikan)",
    "TRG01": "Kuala Terengganu, Marang, Kuala Nerus",
    "TRG02": "Besut, Setiu",
    "TRG03": "Hulu Terengganu",
    "TRG04": "Dungun, Kemaman",
    "WLY01": "Kuala Lumpur, Putrajaya",
    "WLY02": "Labuan",
}
# GeoNames' first-level divisions of Malaysia (admin1) and the prefix of their JAKIM zones.
MY_STATES = {"01": "JHR", "02": "KDH", "03": "KTN", "04": "MLK", "05": "NGS", "06": "PHG", "07": "PRK", "08": "PLS",
             "09": "PNG", "11": "SWK", "12": "SGR", "13": "TRG", "14": "WLY01", "15": "WLY02", "16": "SBH", "17": "WLY01"}


def write_jakim_towns(cities, path):
    by_name = {}
    for place in cities.values():
        if place["countrycode"] == "MY":
            by_name.setdefault(fold(place["name"]), []).append(place)
    lines = []
    for zone, listed in sorted(JAKIM_ZONES.items()):
        for town in listed.split(","):
            key = fold(town.strip()).replace("s.alam", "shah alam").replace("sg. ", "sungai ").replace("kg ", "kampung ")
            for place in by_name.get(key, []):
                state = MY_STATES.get(place.get("admin1code") or "", "")
                if state and zone.startswith(state) or state == zone:
                    lines.append('        ("%s", %.4f, %.4f),  // %s' % (zone, place["latitude"], place["longitude"], place["name"]))
    with open(path, "w", encoding="utf-8") as out:
        out.write("// Made by board/places/make-places.py: do not edit. The towns of JAKIM's list of each zone's\n")
        out.write("// districts that GeoNames has in the same state, at GeoNames' positions (CC BY 4.0).\n")
        out.write("extension MalaysiaZone {\n    static let towns: [(zone: String, latitude: Double, longitude: Double)] = [\n")
        out.write("\n".join(lines) + "\n    ]\n}\n")
