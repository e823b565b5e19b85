import { ArticlePage } from '../components/article-page';

export default function PrivacyPolicyPage() {
  return <ArticlePage page="privacy-policy" section="privacy" />;
}
