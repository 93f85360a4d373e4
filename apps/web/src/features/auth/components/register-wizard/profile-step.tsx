import { ROLE_LABELS, TEAM_SIZE_LABELS, USE_CASE_LABELS } from '@spoke/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { CheckboxField } from '#web/components/checkbox-field.tsx';
import { SelectField } from '#web/components/select-field.tsx';
import { bindField, type StepProps } from './step-props.ts';

// New tabs, so reading the terms does not throw away what the wizard holds.
// The note is a description, not part of the checkbox's name.
function PolicyLink({ to, note, children }: { to: string; note: string; children: string }) {
  return (
    <Link to={to} target="_blank" rel="noopener" aria-describedby={note} className={textLink}>
      {children}
    </Link>
  );
}

export function ProfileStep(props: StepProps) {
  const { values, errors, update } = props;
  const newTab = useId();
  return (
    <div className="space-y-4">
      <span id={newTab} hidden>
        Opens in a new tab
      </span>
      <SelectField
        label="Role"
        placeholder="Select your role"
        options={ROLE_LABELS}
        {...bindField(props, 'role')}
      />
      <SelectField
        label="Team size"
        placeholder="Select team size"
        options={TEAM_SIZE_LABELS}
        {...bindField(props, 'teamSize')}
      />
      <SelectField
        label="Primary use case"
        placeholder="Select primary use case"
        options={USE_CASE_LABELS}
        {...bindField(props, 'useCase')}
      />
      <CheckboxField
        label={
          <>
            I agree to the{' '}
            <PolicyLink to="/terms" note={newTab}>
              Terms of Service
            </PolicyLink>{' '}
            and{' '}
            <PolicyLink to="/privacy" note={newTab}>
              Privacy Policy
            </PolicyLink>
          </>
        }
        name="agreeToTerms"
        checked={values.agreeToTerms}
        error={errors.agreeToTerms}
        onChange={(event) => update('agreeToTerms', event.target.checked)}
      />
      <CheckboxField
        label="Send me product news and tips"
        name="subscribeNewsletter"
        checked={values.subscribeNewsletter}
        onChange={(event) => update('subscribeNewsletter', event.target.checked)}
      />
      <CheckboxField
        label="Remember me"
        name="remember"
        checked={values.remember}
        onChange={(event) => update('remember', event.target.checked)}
      />
    </div>
  );
}
