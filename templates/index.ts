/** What the render stage needs from the templates: one component per page kind plus the layout. */
import Alias from "./pages/Alias.tsx";
import Article from "./pages/Article.tsx";
import Author from "./pages/Author.tsx";
import Directory from "./pages/Directory.tsx";
import Home from "./pages/Home.tsx";
import IndexGrid from "./pages/IndexGrid.tsx";
import NotFound from "./pages/NotFound.tsx";
import Recipe from "./pages/Recipe.tsx";
import Search from "./pages/Search.tsx";
import Videos from "./pages/Videos.tsx";

export { Footer, Header, Layout } from "./Layout.tsx";
export { AffiliateBanner, VideoEmbed } from "./components/Media.tsx";
export { FactNotice } from "./components/Fact.tsx";
export const pages = { home: Home, article: Article, recipe: Recipe, directory: Directory, resorts: Directory, index: IndexGrid, videos: Videos, search: Search, author: Author };
export { Alias, NotFound };
