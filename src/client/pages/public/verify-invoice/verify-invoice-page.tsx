import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from '#client/lib/router.ts';
import { Search } from 'lucide-react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { SubmitButton } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { verificationKeySchema } from '#shared/billing/invoice-verification.ts';
import { InvoiceFound, VerificationError } from './invoice-result.tsx';
import { KeyHelp } from './key-help.tsx';
import { useInvoiceVerification } from './use-invoice-verification.ts';

/** Upper-cases as the visitor types, keeping the caret where it was. */
function upperCaseInPlace(event: ChangeEvent<HTMLInputElement>): void {
  const el = event.target;
  const upper = el.value.toUpperCase();
  if (upper !== el.value) {
    const { selectionStart, selectionEnd } = el;
    el.value = upper;
    el.setSelectionRange(selectionStart, selectionEnd);
  }
}

export function VerifyInvoicePage() {
  // Uncontrolled, so a key typed before the page finished loading is kept.
  const input = useRef<HTMLInputElement>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { state, verify, reset } = useInvoiceVerification();
  const [params] = useSearchParams();
  const keyFromUrl = params.get('key');

  function check(raw: string) {
    const parsed = verificationKeySchema.safeParse(raw);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      reset();
      return;
    }
    setFieldError(undefined);
    if (input.current) input.current.value = parsed.data;
    void verify(parsed.data);
  }

  // The QR code opens /verify-invoice?key=…: fill and check after hydration, so the server HTML never depends on it.
  useEffect(() => {
    if (!keyFromUrl) return;
    if (input.current) input.current.value = keyFromUrl.trim().toUpperCase();
    check(keyFromUrl);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per key in the URL
  }, [keyFromUrl]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    check(input.current?.value ?? '');
  }

  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Vérifier une facture</h1>
        <p className="mt-2 text-slate-700">
          Saisissez la clé de vérification imprimée sur la facture pour confirmer qu’elle a bien été émise par nous.
        </p>

        <Card className="mt-6 p-5 sm:p-6">
          <form
            noValidate
            onSubmit={onSubmit}
            role="search"
            aria-label="Vérification de facture"
            className="flex flex-col gap-4 sm:flex-row sm:items-start"
          >
            <TextField
              ref={input}
              label="Clé de vérification"
              name="key"
              placeholder="RFS-XXXXXX-AAAA"
              className="flex-1"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              inputMode="text"
              error={fieldError}
              hint="Format : RFS-XXXXXX-AAAA"
              onChange={(e) => {
                upperCaseInPlace(e);
                setFieldError(undefined);
              }}
            />
            <SubmitButton size="md" className="sm:mt-7" disabled={state.status === 'loading'}>
              <Search aria-hidden="true" className="h-5 w-5" /> Vérifier
            </SubmitButton>
          </form>
        </Card>

        {/* Always in the page, so screen readers announce what appears in it. */}
        <div aria-live="polite" className="[&>*]:mt-6">
          {state.status === 'loading' && <Spinner label="Vérification en cours..." />}
          {state.status === 'found' && <InvoiceFound invoice={state.invoice} />}
          {state.status === 'error' && <VerificationError message={state.message} />}
        </div>

        <div className="mt-6">
          <KeyHelp />
        </div>
      </div>
    </PublicLayout>
  );
}
