import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { unwrap } from "../../lib/query.ts";
import { PRODUCT_API, type ProductType } from "./productTypes.ts";

/** Every product type (typelist has no paging, R359); shared by the filter, the form and the type list. */
export const PRODUCT_TYPES_KEY = [PRODUCT_API, "typelist"] as const;

export function useProductTypes() {
  const api = useApi();
  return useQuery({
    queryKey: PRODUCT_TYPES_KEY,
    queryFn: async () => (await unwrap(api.get<ProductType>(`${PRODUCT_API}/typelist`), "list")).dataList ?? [],
  });
}
