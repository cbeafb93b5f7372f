/** Placeholder until this screen's issue fills it in. */
export default function BrandList() {
  return <h1 className="h4">Brands</h1>;
}
