/** A loader that asks once, whoever asks first, and again after a failure; `loaded()` answers its value once it has come. */
export interface LoadOnce<T> {
  (): Promise<T>;
  loaded(): T | undefined;
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  let value: T | undefined;
  const once = () => {
    loading ??= load().then(
      (result) => {
        value = result;
        return result;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(once, { loaded: () => value });
}
