/** Placeholder until this screen's issue fills it in. */
export default function CouponList() {
  return <h1 className="h4">Coupons</h1>;
}
