import { usePublicPageMeta } from '@/lib/page-meta';
import '../landing.css';
import { FinalCtaSection } from './final-cta-section';
import { HeroSection } from './hero-section';
import { PainPointsSection } from './pain-points-section';
import { PricingSection } from './pricing-section';
import { ReferralSection } from './referral-section';
import { ResultsSection } from './results-section';
import { SolutionSection } from './solution-section';
import { StepsSection } from './steps-section';
import { TestimonialsSection } from './testimonials-section';
import { UrgencySection } from './urgency-section';

/**
 * The marketing page (spec 01 §1 and §2 "Landing page"), sections in the spec's order. Plain HTML and landing.css
 * only: it is prerendered and must stay within the public pages' JavaScript budget (no Amplify UI, no React Query).
 */
export function LandingPage() {
  usePublicPageMeta('/');
  return (
    <div className="landing">
      <HeroSection />
      <PainPointsSection />
      <SolutionSection />
      <TestimonialsSection />
      <ReferralSection />
      <StepsSection />
      <ResultsSection />
      <PricingSection />
      <UrgencySection />
      <FinalCtaSection />
    </div>
  );
}
