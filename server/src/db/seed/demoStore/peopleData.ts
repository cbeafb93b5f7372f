/** Malaysian names, places and banks for the demo store's people and orders. */

export interface NamePool {
  /** Share of the demo's people drawn from this pool. */
  weight: number;
  male: readonly string[];
  female: readonly string[];
  /** Family part: a function of gender for patronymic names. */
  family: (gender: "Male" | "Female", pick: (items: readonly string[]) => string) => string;
  language: string;
}

const MALAY_FATHERS = [
  "Abdullah",
  "Ahmad",
  "Ismail",
  "Hassan",
  "Rahman",
  "Osman",
  "Yusof",
  "Ibrahim",
  "Zainal",
  "Kamarudin",
  "Hamzah",
  "Mahmud",
  "Razak",
  "Salleh",
];
const CHINESE_SURNAMES = [
  "Tan",
  "Lim",
  "Lee",
  "Wong",
  "Ng",
  "Chong",
  "Ong",
  "Teh",
  "Goh",
  "Chan",
  "Yap",
  "Khoo",
  "Low",
  "Cheah",
];
const INDIAN_FATHERS = [
  "Subramaniam",
  "Rajan",
  "Muthu",
  "Krishnan",
  "Raman",
  "Selvaraj",
  "Govindasamy",
  "Pillai",
  "Nair",
  "Maniam",
];

export const NAME_POOLS: readonly NamePool[] = [
  {
    weight: 55,
    male: [
      "Ahmad Faiz",
      "Muhammad Haziq",
      "Aiman",
      "Hafiz",
      "Amirul",
      "Syafiq",
      "Izzat",
      "Farhan",
      "Irfan",
      "Danial",
      "Zulkifli",
      "Azlan",
      "Khairul",
      "Naim",
    ],
    female: [
      "Nur Aisyah",
      "Siti Nurhaliza",
      "Nurul Izzah",
      "Farah",
      "Aina",
      "Syazwani",
      "Nabila",
      "Amira",
      "Hanis",
      "Aqilah",
      "Zulaikha",
      "Balqis",
      "Dayang",
      "Intan",
    ],
    family: (gender, pick) => `${gender === "Male" ? "bin" : "binti"} ${pick(MALAY_FATHERS)}`,
    language: "Bahasa Melayu",
  },
  {
    weight: 30,
    male: [
      "Wei Jie",
      "Jun Hao",
      "Kah Wai",
      "Zhi Hao",
      "Chee Keong",
      "Boon Huat",
      "Kok Leong",
      "Ming Wei",
      "Jia Le",
      "Yong Sheng",
    ],
    female: [
      "Mei Ling",
      "Xin Yi",
      "Hui Min",
      "Pei Shan",
      "Siew Lan",
      "Jia Hui",
      "Li Ting",
      "Wei Ling",
      "Kar Mun",
      "Yee Ling",
    ],
    family: (_gender, pick) => pick(CHINESE_SURNAMES),
    language: "中文",
  },
  {
    weight: 15,
    male: ["Arjun", "Suresh", "Vignesh", "Ganesh", "Kumar", "Ravi", "Prakash", "Dinesh"],
    female: ["Priya", "Kavitha", "Deepa", "Shalini", "Thivya", "Lakshmi", "Revathi", "Malini"],
    family: (gender, pick) => `${gender === "Male" ? "a/l" : "a/p"} ${pick(INDIAN_FATHERS)}`,
    language: "English",
  },
];

export const EMAIL_DOMAINS = [
  "gmail.com",
  "yahoo.com.my",
  "hotmail.com",
  "outlook.com",
  "icloud.com",
];

/** Mobile prefixes: 010-019 (011 numbers are one digit longer). */
export const MOBILE_PREFIXES = ["010", "011", "012", "013", "014", "016", "017", "018", "019"];

export interface Place {
  city: string;
  state: string;
  postcodes: readonly string[];
  streets: readonly string[];
  areas: readonly string[];
}

export const PLACES: readonly Place[] = [
  {
    city: "Kuala Lumpur",
    state: "Wilayah Persekutuan Kuala Lumpur",
    postcodes: ["50450", "50250", "55100", "56000", "59200"],
    streets: [
      "Jalan Bukit Bintang",
      "Jalan Tun Razak",
      "Jalan Ampang",
      "Jalan Klang Lama",
      "Jalan Kuching",
    ],
    areas: ["Taman Desa", "Bangsar", "Cheras", "Setapak", "Kepong"],
  },
  {
    city: "Petaling Jaya",
    state: "Selangor",
    postcodes: ["46000", "46200", "47300", "47400", "47810"],
    streets: ["Jalan SS 2/24", "Jalan 17/45", "Jalan PJU 1/42", "Jalan Damansara", "Jalan Templer"],
    areas: ["Damansara Utama", "Kelana Jaya", "Ara Damansara", "Taman Megah", "Kota Damansara"],
  },
  {
    city: "Shah Alam",
    state: "Selangor",
    postcodes: ["40000", "40100", "40150", "40460"],
    streets: ["Jalan Plumbum", "Persiaran Kayangan", "Jalan Kristal", "Jalan Pahat"],
    areas: ["Seksyen 7", "Seksyen 13", "Kota Kemuning", "Bukit Jelutong"],
  },
  {
    city: "Johor Bahru",
    state: "Johor",
    postcodes: ["80100", "80200", "81100", "81200", "81300"],
    streets: ["Jalan Wong Ah Fook", "Jalan Tebrau", "Jalan Austin Heights", "Jalan Setia Tropika"],
    areas: ["Taman Molek", "Skudai", "Taman Pelangi", "Permas Jaya", "Mount Austin"],
  },
  {
    city: "George Town",
    state: "Pulau Pinang",
    postcodes: ["10050", "10200", "10250", "10400", "11600"],
    streets: [
      "Lebuh Chulia",
      "Jalan Burma",
      "Jalan Macalister",
      "Lebuh Armenian",
      "Jalan Air Itam",
    ],
    areas: ["Pulau Tikus", "Jelutong", "Gelugor", "Tanjung Tokong"],
  },
  {
    city: "Ipoh",
    state: "Perak",
    postcodes: ["30000", "30100", "30250", "31400"],
    streets: [
      "Jalan Sultan Idris Shah",
      "Jalan Raja Ekram",
      "Jalan Sultan Azlan Shah",
      "Jalan Pasir Puteh",
    ],
    areas: ["Ipoh Garden", "Canning Garden", "Bercham", "Taman Rapat Setia"],
  },
  {
    city: "Melaka",
    state: "Melaka",
    postcodes: ["75000", "75100", "75200", "75450"],
    streets: ["Jalan Hang Tuah", "Jalan Tun Sri Lanang", "Jalan Bukit Baru", "Jalan Ayer Keroh"],
    areas: ["Bandar Hilir", "Bukit Beruang", "Taman Kota Laksamana", "Ayer Keroh"],
  },
  {
    city: "Seremban",
    state: "Negeri Sembilan",
    postcodes: ["70000", "70100", "70200", "70300"],
    streets: ["Jalan Dato Bandar Tunggal", "Jalan Rasah", "Jalan Temiang", "Jalan Labu"],
    areas: ["Taman Rasah Jaya", "Seremban 2", "Senawang", "Taman Bukit Kaya"],
  },
  {
    city: "Kuantan",
    state: "Pahang",
    postcodes: ["25000", "25050", "25150", "25200"],
    streets: ["Jalan Beserah", "Jalan Haji Ahmad", "Jalan Teluk Sisek", "Jalan Gambut"],
    areas: ["Taman Tas", "Indera Mahkota", "Bukit Sekilau", "Teluk Cempedak"],
  },
  {
    city: "Kota Bharu",
    state: "Kelantan",
    postcodes: ["15000", "15050", "15150", "15200"],
    streets: [
      "Jalan Sultan Yahya Petra",
      "Jalan Kebun Sultan",
      "Jalan Hospital",
      "Jalan Pengkalan Chepa",
    ],
    areas: ["Kubang Kerian", "Wakaf Che Yeh", "Taman Guru", "Pasir Tumboh"],
  },
  {
    city: "Kuala Terengganu",
    state: "Terengganu",
    postcodes: ["20000", "20050", "20100", "21100"],
    streets: [
      "Jalan Sultan Ismail",
      "Jalan Kampung Cina",
      "Jalan Sultan Zainal Abidin",
      "Jalan Kemajuan",
    ],
    areas: ["Chendering", "Gong Badak", "Batu Buruk", "Kuala Ibai"],
  },
  {
    city: "Alor Setar",
    state: "Kedah",
    postcodes: ["05000", "05100", "05150", "05400"],
    streets: ["Jalan Sultan Badlishah", "Jalan Langgar", "Jalan Putra", "Jalan Kolam Air"],
    areas: ["Taman Uda", "Mergong", "Simpang Kuala", "Anak Bukit"],
  },
  {
    city: "Kangar",
    state: "Perlis",
    postcodes: ["01000", "01500", "01700"],
    streets: ["Jalan Bukit Lagi", "Jalan Kangar-Arau", "Jalan Padang Katong"],
    areas: ["Taman Pertiwi", "Kuala Perlis", "Taman Bukit Kubu"],
  },
  {
    city: "Kota Kinabalu",
    state: "Sabah",
    postcodes: ["88000", "88100", "88300", "88450"],
    streets: ["Jalan Gaya", "Jalan Lintas", "Jalan Tuaran", "Jalan Penampang"],
    areas: ["Likas", "Luyang", "Inanam", "Sembulan"],
  },
  {
    city: "Kuching",
    state: "Sarawak",
    postcodes: ["93000", "93050", "93100", "93350"],
    streets: ["Jalan Padungan", "Jalan Tun Jugah", "Jalan Stutong", "Jalan Song"],
    areas: ["Tabuan Jaya", "BDC", "Batu Kawa", "Petra Jaya"],
  },
  {
    city: "Putrajaya",
    state: "Wilayah Persekutuan Putrajaya",
    postcodes: ["62000", "62250", "62502"],
    streets: ["Persiaran Perdana", "Jalan P8", "Persiaran Barat"],
    areas: ["Presint 8", "Presint 11", "Presint 16"],
  },
  {
    city: "Labuan",
    state: "Wilayah Persekutuan Labuan",
    postcodes: ["87000", "87010"],
    streets: ["Jalan Merdeka", "Jalan OKK Awang Besar"],
    areas: ["Taman Mutiara", "Kampung Rancha-Rancha"],
  },
];

/** Where orders go: the Klang Valley and Johor order most. */
export const PLACE_WEIGHTS = [18, 16, 10, 10, 8, 6, 5, 5, 4, 3, 3, 3, 1, 4, 3, 1, 1];

export const BANKS = [
  "Maybank",
  "CIMB Bank",
  "Public Bank",
  "RHB Bank",
  "Hong Leong Bank",
  "AmBank",
  "Bank Islam",
  "Bank Rakyat",
  "BSN",
  "Affin Bank",
  "Alliance Bank",
] as const;
