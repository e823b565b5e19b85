import { ArticlePage } from '../components/article-page';

export default function TermsPage() {
  return <ArticlePage page="terms" section="terms" />;
}
