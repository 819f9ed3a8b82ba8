/** The code field both the enrolment and the switch-off use: six digits, or a recovery code to switch off. */
export function CodeField({ value, onChange, problem, placeholder }: { value: string; onChange: (s: string) => void; problem: string; placeholder: string }) {
  return (
    <div>
      <label htmlFor="totp-code" className="mb-1 block text-sm text-slate-700">
        动态验证码
      </label>
      <input
        id="totp-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="block w-full rounded border border-slate-300 px-3 py-1.5 text-sm tracking-widest focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30"
      />
      <p role="alert" className="mt-1 min-h-5 text-sm text-red-600">
        {problem}
      </p>
    </div>
  );
}
