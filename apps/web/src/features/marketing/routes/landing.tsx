import { Capabilities } from '../components/capabilities.tsx';
import { CliSection } from '../components/cli-section.tsx';
import { ClosingCta } from '../components/closing-cta.tsx';
import { Hero } from '../components/hero.tsx';
import { HowItWorks } from '../components/how-it-works.tsx';

export function Component() {
  return (
    <>
      <Hero />
      <CliSection />
      <HowItWorks />
      <Capabilities />
      <ClosingCta />
    </>
  );
}
