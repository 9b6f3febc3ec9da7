// The home page: the hero carousel and the weather widget.
import { initCarousel } from "../carousel.ts";
import { initWeather } from "../weather.ts";

initCarousel();
initWeather();
