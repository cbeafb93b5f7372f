/** Placeholder until this screen's issue fills it in. */
export default function BannerList() {
  return <h1 className="h4">Banners</h1>;
}
