import { type Settings, settings } from "@store/contract";

/**
 * Settings record 1 as GET settings/1 answers it, for the screens' tests
 * that fake the API: the store's identity set, commission off, e-invoices
 * not set up; `more` what a test's store has otherwise.
 */
export const settingsOf = (more: Partial<Settings> = {}): Settings =>
  settings.parse({
    setting_id: 1,
    theme_color: 1,
    store_name: "Kedai Demo",
    store_logo: "",
    store_address: "12 Jalan Ampang, 50450 Kuala Lumpur",
    store_contact: "0312345678",
    store_registration: "",
    copyright_text: "",
    footer_text: "",
    commission_status: 0,
    commission_base: "total",
    withdraw_min_amt: "0.00",
    withdraw_max_amt: null,
    low_stock_threshold: 5,
    payout_second_approval_above: null,
    totp_required: 0,
    free_shipping_above: null,
    kyc_required: 0,
    buy_back_days: 0,
    buy_back_percent: "90.00",
    tin: "",
    sst_no: "",
    msic_code: "",
    business_activity: "",
    myinvois_environment: "sandbox",
    myinvois_client_id: "",
    myinvois_client_secret: "",
    myinvois_base_url: "",
    myinvois_identity_url: "",
    einvoice_certificate: "",
    einvoice_private_key: "",
    updated_at: null,
    version: 3,
    ...more,
  });
