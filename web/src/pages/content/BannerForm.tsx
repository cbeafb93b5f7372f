/** Placeholder until this screen's issue fills it in. */
export default function BannerForm() {
  return <h1 className="h4">Banner form</h1>;
}
