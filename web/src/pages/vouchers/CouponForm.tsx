/** Placeholder until this screen's issue fills it in. */
export default function CouponForm() {
  return <h1 className="h4">Coupon form</h1>;
}
