import { Box } from '@mantine/core';
import { DemoBanner } from '../modules/landing/DemoBanner';
import { AnswersFeature, ConnectFeature } from '../modules/landing/LandingFeatures';
import { LandingFaq } from '../modules/landing/LandingFaq';
import { LandingFooter } from '../modules/landing/LandingFooter';
import { LandingHeader } from '../modules/landing/LandingHeader';
import { LandingHero } from '../modules/landing/LandingHero';
import { usePageTitle } from '../shared/use-page-title';

/** SPEC §2 `/`: header, hero, two feature sections, FAQ, demo banner, footer. */
export function LandingPage() {
  usePageTitle('Answers from your team’s knowledge');
  return (
    <Box>
      <LandingHeader />
      <main>
        <LandingHero />
        <AnswersFeature />
        <ConnectFeature />
        <LandingFaq />
        <DemoBanner />
      </main>
      <LandingFooter />
    </Box>
  );
}
