import type {
  OrderPricing,
  PaymentMethod,
  PaymentMethodInput,
  Settings,
  SettingsInput,
  ShippingMethod,
  ShippingMethodInput,
  SocialLogin,
  SocialLoginInput,
  StoreIdentity,
} from "@store/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, useRefresh } from "./client";
import type { UpdateTarget } from "./crud";

/** The store record is always id 1 (docs/REQUIREMENTS.md section 3). */
export const SETTINGS_ID = 1;
/** The one payment gateway record. */
export const PAYMENT_METHOD_ID = 1;

/**
 * Query keys of the settings domain. The layout reads `settingsKeys.identity` for
 * the logo, store name and copyright, which a save here refreshes, so it shows
 * there without a reload.
 */
export const settingsKeys = {
  all: ["settings"] as const,
  store: ["settings", "store"] as const,
  identity: ["settings", "identity"] as const,
  pricing: ["settings", "pricing"] as const,
  socialLogins: ["settings", "socialLogins"] as const,
  payment: (id: number) => ["settings", "payment", id] as const,
  shipping: ["settings", "shipping"] as const,
};

/**
 * Settings record 1: theme, store name, logo, address, contact, copyright, footer.
 * `enabled: false` where no session may be held yet (the document title of the login page).
 */
export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: settingsKeys.store,
    queryFn: () => api.get<Settings>(`settings/${SETTINGS_ID}`),
    staleTime: 60_000,
    enabled,
  });
}

/**
 * GET storeIdentity: the store's name, logo, address, contact and footer texts,
 * which every signed-in person may read (the shell, the terms and privacy pages),
 * unlike the settings record. `enabled: false` where no session may be held yet.
 */
export function useStoreIdentity({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: settingsKeys.identity,
    queryFn: () => api.get<StoreIdentity>("storeIdentity"),
    staleTime: 60_000,
    enabled,
  });
}

/** GET orderPricing: the free-shipping amount Add Order's preview prices by (orders:manage). */
export function useOrderPricing() {
  return useQuery({
    queryKey: settingsKeys.pricing,
    queryFn: () => api.get<OrderPricing>("orderPricing"),
    staleTime: 60_000,
  });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, version }: { input: SettingsInput; version?: number | undefined }) =>
      api.put<Settings>(`settings/${SETTINGS_ID}`, input, version),
    onSuccess: (saved) => {
      client.setQueryData(settingsKeys.store, saved);
      return Promise.all([
        client.invalidateQueries({ queryKey: settingsKeys.store }),
        client.invalidateQueries({ queryKey: settingsKeys.identity }),
        client.invalidateQueries({ queryKey: settingsKeys.pricing }),
      ]);
    },
  });
}

export function useSocialLogins() {
  return useQuery({
    queryKey: settingsKeys.socialLogins,
    queryFn: () => api.get<SocialLogin[]>("socialLogins"),
  });
}

export function useSaveSocialLogin() {
  const refresh = useRefresh(settingsKeys.socialLogins);
  return useMutation({
    mutationFn: ({ id, input, version }: UpdateTarget<SocialLoginInput>) =>
      api.put<SocialLogin>(`socialLogins/${id}`, input, version),
    onSuccess: refresh,
  });
}

export function usePaymentMethod(id = PAYMENT_METHOD_ID) {
  return useQuery({
    queryKey: settingsKeys.payment(id),
    queryFn: () => api.get<PaymentMethod>(`paymentMethodsId/${id}`),
  });
}

export function useSavePaymentMethod(id = PAYMENT_METHOD_ID) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, version }: { input: PaymentMethodInput; version?: number | undefined }) =>
      api.put<PaymentMethod>(`paymentMethods/${id}`, input, version),
    onSuccess: (saved) => {
      client.setQueryData(settingsKeys.payment(id), saved);
    },
  });
}

export function useShippingMethods() {
  return useQuery({
    queryKey: settingsKeys.shipping,
    queryFn: () => api.get<ShippingMethod[]>("shippingMethod"),
  });
}

export function useAddShippingMethod() {
  const refresh = useRefresh(settingsKeys.shipping);
  return useMutation({
    mutationFn: (input: ShippingMethodInput) => api.post<ShippingMethod>("shippingMethod", input),
    onSuccess: refresh,
  });
}

export function useSaveShippingMethod() {
  const refresh = useRefresh(settingsKeys.shipping);
  return useMutation({
    mutationFn: ({ id, input, version }: UpdateTarget<ShippingMethodInput>) =>
      api.put<ShippingMethod>(`shippingMethod/${id}`, input, version),
    onSuccess: refresh,
  });
}
