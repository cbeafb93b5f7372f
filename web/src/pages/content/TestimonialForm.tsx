/** Placeholder until this screen's issue fills it in. */
export default function TestimonialForm() {
  return <h1 className="h4">Testimonial form</h1>;
}
