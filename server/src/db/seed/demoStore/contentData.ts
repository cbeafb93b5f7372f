/** Campaigns, agency stores, banners and testimonials of the demo store. */

/** Voucher code stems; the seed appends a year or an amount and makes them unique. */
export const VOUCHER_STEMS = [
  "RAYA",
  "MERDEKA",
  "MALAYSIADAY",
  "CNY",
  "DEEPAVALI",
  "PAYDAY",
  "WELCOME",
  "FREESHIP",
  "BIRTHDAY",
  "KAWKAW",
  "SAYANGMAK",
  "BALIKKAMPUNG",
  "CUTIAKHIR",
  "SALE",
  "JIMAT",
  "MEGA",
  "FLASH",
  "MEMBER",
  "GAWAI",
  "KAAMATAN",
] as const;

export const AGENCY_STORES = [
  { store_username: "kedaiayu", store_name: "Kedai Runcit Ayu", city: "Shah Alam" },
  { store_username: "pakaliagency", store_name: "Pak Ali Agency", city: "Kota Bharu" },
  { store_username: "nyonyacorner", store_name: "Nyonya Corner Melaka", city: "Melaka" },
  { store_username: "borneomart", store_name: "Borneo Mart", city: "Kota Kinabalu" },
  { store_username: "kedaiseri", store_name: "Kedai Seri Pagi", city: "Ipoh" },
  { store_username: "penangpick", store_name: "Penang Pick & Pack", city: "George Town" },
  { store_username: "jbtrading", store_name: "JB Harmoni Trading", city: "Johor Bahru" },
  { store_username: "kuchingkita", store_name: "Kuching Kita Store", city: "Kuching" },
  { store_username: "pantaitimur", store_name: "Pantai Timur Niaga", city: "Kuantan" },
  { store_username: "utaramaju", store_name: "Utara Maju Enterprise", city: "Alor Setar" },
  { store_username: "klsentral", store_name: "KL Sentral Mini Mart", city: "Kuala Lumpur" },
  { store_username: "negerikita", store_name: "Negeri Kita Agency", city: "Seremban" },
] as const;

export const BANNERS = [
  {
    title: "Hari Raya Aidilfitri Sale",
    subtitle: "Up to 50% off baju kurung, kuih raya and more",
    hue: 140,
  },
  { title: "Merdeka Mega Deals", subtitle: "Celebrate with RM 31 off selected items", hue: 220 },
  {
    title: "11.11 Shopping Festival",
    subtitle: "Flash deals every hour, free shipping above RM 80",
    hue: 15,
  },
  {
    title: "Chinese New Year Specials",
    subtitle: "Huat ah! Gift sets and goodies for the reunion",
    hue: 0,
  },
  { title: "Back to School", subtitle: "Stationery, bags and books for the new term", hue: 260 },
  {
    title: "Deepavali Festival of Lights",
    subtitle: "Festive wear and sweets, delivered across Malaysia",
    hue: 40,
  },
] as const;

export const TESTIMONIALS = [
  {
    title: "Fast delivery to Kuching",
    content:
      "Ordered on Monday and it reached Kuching by Thursday. Packaging was solid and nothing leaked.",
  },
  {
    title: "Sambal memang power",
    content:
      "The sambal is exactly like my mother's. Already ordered three more bottles for the family.",
  },
  {
    title: "Baju kurung fits well",
    content:
      "The size chart was accurate and the cloth is comfortable for our hot weather. Will buy again for Raya.",
  },
  {
    title: "Good value for members",
    content:
      "Gold member discount plus a voucher made the total very reasonable. Points came in the next day.",
  },
  {
    title: "Responsive customer service",
    content: "Had a question about the warranty and the team replied within the hour on WhatsApp.",
  },
  {
    title: "Kopi kaw sungguh",
    content: "Strong aroma, not too sweet. My office colleagues all asked where I bought it.",
  },
  {
    title: "Great gift for parents",
    content: "Sent a hamper to my parents in Alor Setar; they loved the kuih and the nice box.",
  },
  {
    title: "Easy returns",
    content:
      "One item was the wrong colour. The return was approved quickly and the refund reached my wallet.",
  },
  {
    title: "Reliable electronics",
    content:
      "The power bank charges my phone three times over. Solid build and the cable is included.",
  },
  {
    title: "Love the batik prints",
    content:
      "Colours are vibrant and the hand-drawn details are beautiful. Perfect for office Friday.",
  },
  {
    title: "Kids are happy",
    content: "The congkak set is well made and my children play with it every evening.",
  },
  {
    title: "Referral rewards work",
    content: "My friends joined with my referral and I reached Silver in two weeks. Nice bonus.",
  },
  {
    title: "Cash wallet withdrawal was smooth",
    content: "Withdrew my cash wallet to Maybank and it arrived in two working days.",
  },
  {
    title: "Fresh and well packed",
    content: "The kerepek arrived crunchy and not broken. Good job on the packaging.",
  },
  {
    title: "Honest product descriptions",
    content: "What you see is what you get. The dimensions were exactly as listed.",
  },
  {
    title: "Quick Raya restock",
    content: "Even during the Raya rush my order shipped within two days. Terima kasih!",
  },
  {
    title: "Skincare suits our weather",
    content: "The sunscreen is light and does not feel sticky in the humidity.",
  },
  {
    title: "Good for small businesses",
    content: "As an agent I order stock in bulk and the agency pricing helps my margin.",
  },
  {
    title: "Sports gear worth it",
    content: "The badminton racket is light and the string tension was set just right.",
  },
  {
    title: "Will recommend",
    content:
      "Third purchase this year and every order has been smooth. Highly recommended to friends.",
  },
  {
    title: "Easy to use app",
    content: "Checkout is simple and I can track my parcel anytime. Very convenient.",
  },
  {
    title: "Nice herbal range",
    content: "The madu kelulut is genuine and the taste is lovely in warm water.",
  },
] as const;
