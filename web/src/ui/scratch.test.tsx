import { test, expect } from "vitest";
import { render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useTable, tableFeatures } from "@tanstack/react-table";
function A() {
  const q = useQuery({ queryKey: ["x"], queryFn: async () => 1 });
  return <p>v{String(q.data)}</p>;
}
test("x", async () => {
  console.log(typeof useTable, typeof tableFeatures);
  render(<QueryClientProvider client={new QueryClient()}><A /></QueryClientProvider>);
  expect(await screen.findByText("v1")).toBeTruthy();
});
