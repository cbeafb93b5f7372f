/** Placeholder until this screen's issue fills it in. */
export default function TestimonialList() {
  return <h1 className="h4">Testimonials</h1>;
}
